#!/usr/bin/env python3
"""How the zpool status fixtures of tests/data/diff/ and tests/rules/drift-*/
were written: `zpool status -j` of OpenZFS 2.3 (cmd/zpool/zpool_main.c:
status_callback_json, vdev_stats_nvlist, fill_vdev_info, class_vdevs_nvlist,
l2cache_nvlist, spares_nvlist) replayed on pool descriptions, with its
quirks: nvlist keys are unique and re-adding one moves it to the end;
--json-flat-vdevs lists every vdev in the pool's "vdevs" with a "parent"
(except the root and the log, cache and spare top-levels) yet still nests
copies, and the flat walk recurses twice; a leaf of a log mirror has class
"normal"; a spare's "state" becomes AVAIL or INUSE. Run from the top of the
tree: python3 tests/data/diff/mkstatus.py. With --from-plan [--flat] it
reads `zplan plan --format json` and writes the status of every pool as
built (for timing zplan diff on a fleet).

The text twins NAME-P.txt and NAME.txt are the same pools as OpenZFS 2.1
and 2.2 print them (`zpool status -P` and `zpool status`: status_callback,
print_status_config, print_class_vdevs, print_l2cache, print_spares, names
by zpool_vdev_name), for the text reader of tests/t_status_text.sh.
"""
import copy
import hashlib
import json
import os
import sys


def add(d, k, v):
    """nvlist_add_*: a key added again replaces the old one, at the end."""
    if k in d:
        del d[k]
    d[k] = copy.deepcopy(v)


def num(v, as_int):
    return v if as_int else str(v)


def nice(v, as_int):
    if as_int:
        return v
    for unit, name in ((1 << 40, "T"), (1 << 30, "G"), (1 << 20, "M"),
                       (1 << 10, "K")):
        if v >= unit:
            x = v / unit
            return ("%.3g" % x) + name if x < 100 else "%d%s" % (x, name)
    return str(v)


class V:
    """A vdev of the config tree."""

    def __init__(self, name, vtype, children=(), path=None, state="ONLINE",
                 aux=None, log=False, spare=False, spared=False, guid=None,
                 not_present=False, devid=None, size=4000787030016,
                 bias=None):
        self.name, self.type, self.children = name, vtype, list(children)
        self.path, self.state, self.aux = path, state, aux
        self.log, self.spare, self.spared = log, spare, spared
        self.not_present, self.devid, self.size = not_present, devid, size
        self.bias = bias
        self.guid = guid if guid is not None else stable_guid(name, path)


def stable_guid(*parts):
    """A guid that does not change from run to run (hash() does)."""
    h = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(h[:8], "big") or 1


def disk(name, path, **kw):
    return V(name, "disk", path=path, **kw)


def fill_vdev_info(d, v, cls, as_int):
    add(d, "name", v.name)
    add(d, "vdev_type", v.type)
    add(d, "guid", v.guid if as_int else str(v.guid))
    if v.path:
        add(d, "path", v.path)
        if v.devid:
            add(d, "devid", v.devid)
    add(d, "class", cls)
    add(d, "state", v.state)


def vdev_stats(v, cls, isspare, parent, item, flat, as_int, used_by=None):
    vds = {}
    fill_vdev_info(vds, v, cls, as_int)
    if flat and parent is not None:
        add(vds, "parent", parent)
    if isspare:
        if v.spared:
            add(vds, "state", "INUSE")
            if used_by:
                add(vds, "used_by", used_by)
        elif v.state == "ONLINE":
            add(vds, "state", "AVAIL")
    else:
        if v.children or v.type == "root":
            add(vds, "alloc_space", nice(v.size // 7, as_int))
            add(vds, "total_space", nice(v.size, as_int))
            add(vds, "def_space", nice(v.size, as_int))
        else:
            add(vds, "rep_dev_size", nice(v.size - (1 << 20) * 9, as_int))
            add(vds, "phys_space", nice(v.size, as_int))
        errs = 0 if v.state in ("ONLINE", "DEGRADED") else 3
        add(vds, "read_errors", num(errs, as_int))
        add(vds, "write_errors", num(errs * 12, as_int))
        add(vds, "checksum_errors", num(0, as_int))
        if not v.children:
            add(vds, "slow_ios", num(0, as_int))
    if v.not_present:
        add(vds, "not_present", num(1, as_int))
        add(vds, "was", v.path)
    elif v.aux:
        add(vds, "aux", v.aux)
    elif isspare and v.spared:
        add(vds, "aux", "SPARED")     # vs_aux of a spare in use
    ch = {} if v.children else None
    if flat and not v.children:
        add(item, v.name, vds)
    for c in v.children:
        if c.log or c.bias:
            continue
        # a leaf's class: its own flags, else its parent's bias (none for
        # a log mirror, whose flag is on the top-level only)
        ccls = "spare" if c.spare else "normal" if cls == "log" else cls
        if flat:
            vdev_stats(c, ccls, isspare, v.name, item, flat, as_int)
        vdev_stats(c, ccls, isspare, v.name, ch, flat, as_int)
    if ch:
        add(vds, "vdevs", ch)
    add(item, v.name, vds)


def pool_json(name, root, logs=(), cache=(), spares=(), state="ONLINE",
              flat=False, as_int=False, guid=None, status=None,
              action=None, spare_used_by=None):
    if TEXT:
        return pool_text(name, root, logs, cache, spares, state, status,
                         action, spare_used_by)
    guid = guid or stable_guid("pool", name)
    item = {}
    add(item, "name", name)
    add(item, "state", state)
    add(item, "pool_guid", guid if as_int else str(guid))
    add(item, "txg", num(2916437, as_int))
    add(item, "spa_version", num(5000, as_int))
    add(item, "zpl_version", num(5, as_int))
    if status:
        add(item, "status", status)
        add(item, "action", action)
        add(item, "msgid", "ZFS-8000-9P")
        add(item, "moreinfo",
            "https://openzfs.github.io/openzfs-docs/msg/ZFS-8000-9P")
    add(item, "scan_stats", {
        "function": "SCRUB", "state": "FINISHED",
        "start_time": num(1764540000, as_int),
        "end_time": num(1764561600, as_int),
        "to_examine": nice(2 << 40, as_int),
        "examined": nice(2 << 40, as_int),
        "skipped": nice(0, as_int), "processed": nice(0, as_int),
        "errors": num(0, as_int),
        "bytes_per_scan": nice(0, as_int),
        "pass_start": num(1764540000, as_int),
        "scrub_pause": "-", "scrub_spent_paused": num(0, as_int),
        "issued_bytes_per_scan": nice(0, as_int),
        "issued": nice(2 << 40, as_int)})
    special = [c for c in root.children if c.bias]
    root.children += list(logs)
    vds = {}
    vdev_stats(root, "normal", False, None, vds, flat, as_int)
    target = vds if flat else item
    if not flat:
        add(item, "vdevs", vds)
    obj = {}
    for sv in special:
        vdev_stats(sv, sv.bias, False, None, target if flat else obj, flat,
                   as_int)
    if obj:
        add(item, "special", obj)
    obj = {}
    for lg in logs:
        vdev_stats(lg, "log", False, None, target if flat else obj, flat,
                   as_int)
    if obj:
        add(item, "logs", obj)
    obj = {}
    for c in cache:
        vdev_stats(c, "l2cache", False, None, target if flat else obj, flat,
                   as_int)
    if obj:
        add(item, "l2cache", obj)
    obj = {}
    for s in spares:
        vdev_stats(s, "spare", True, None, target if flat else obj, flat,
                   as_int, spare_used_by)
    if obj:
        add(item, "spares", obj)
    if flat:
        add(item, "vdevs", vds)
    add(item, "error_count", num(0, as_int))
    return item


# ---- the text of zpool status (OpenZFS 2.1, 2.2) ----

TEXT = None     # None: -j; "P": zpool status -P; "plain": zpool status

STATE_NAME = {"CANT_OPEN": "UNAVAIL", "HEALTHY": "ONLINE"}
AUX_TEXT = {"OPEN_FAILED": "cannot open", "CORRUPT_DATA": "corrupted data",
            "NO_REPLICAS": "insufficient replicas",
            "BAD_GUID_SUM": "missing device",
            "ERR_EXCEEDED": "too many errors",
            "IO_FAILURE": "experienced I/O failures",
            "EXTERNAL": "external device fault"}
SEARCH = ("/dev/disk/by-vdev", "/dev/mapper", "/dev/disk/by-partlabel",
          "/dev/disk/by-partuuid", "/dev/disk/by-label", "/dev/disk/by-uuid",
          "/dev/disk/by-id", "/dev/disk/by-path", "/dev")


def strip_partition(n):
    """zfs_strip_partition of a whole disk's name."""
    import re
    for pat in (r"^(.+)-part\d+$", r"^(.*\dp)\d+$", r"^([hsv]d[a-z]+)\d+$",
                r"^(xvd[a-z]+)\d+$"):
        m = re.match(pat, n)
        if m:
            return m.group(1)[:-1] if pat.startswith(r"^(.*\dp") \
                else m.group(1)
    return n


def vname(v, paths):
    if v.type == "root" or v.children:
        return v.name
    if v.not_present:
        return str(v.guid)
    if paths:
        return v.path
    for d in SEARCH:
        if v.path.startswith(d + "/"):
            return strip_partition(v.path[len(d) + 1:])
    return v.path


def width(v, depth, paths):
    w = len(vname(v, paths)) + depth
    for c in v.children:
        w = max(w, width(c, depth + 2, paths))
    return w


def text_line(v, depth, w, isspare, paths, used_by=None):
    state = STATE_NAME.get(v.state, v.state)
    if isspare:
        state = "INUSE" if v.spared else "AVAIL" if state == "ONLINE" \
            else state
    out = "\t%*s%-*s  %-8s" % (depth, "", w - depth, vname(v, paths), state)
    if not isspare:
        errs = 0 if v.state in ("ONLINE", "DEGRADED") else 3
        out += " %5s %5s %5s" % (errs, errs * 12, 0)
    if v.not_present:
        out += "  was %s" % v.path
    elif isspare and v.spared:
        out += "  " + ("in use by pool '%s'" % used_by if used_by
                       else "currently in use")
    elif v.aux:
        out += "  " + AUX_TEXT[v.aux]
    lines = [out]
    for c in v.children:
        if not (c.log or c.bias):
            lines += text_line(c, depth + 2, w, isspare, paths)
    return lines


def pool_text(name, root, logs, cache, spares, state, status, action,
              spare_used_by):
    paths = TEXT == "P"
    special = [c for c in root.children if c.bias]
    every = [root] + list(logs) + list(cache) + list(spares)
    w = max([width(root, 0, paths)] + [width(v, 2, paths) for v in every[1:]]
            + [10])
    out = ["  pool: %s" % name, " state: %s" % state]
    if status:
        out.append("status: " + status.rstrip("\n"))
        out.append("action: " + action.rstrip("\n"))
        out.append("   see: https://openzfs.github.io/openzfs-docs/msg/"
                   "ZFS-8000-9P")
    out += ["  scan: scrub repaired 0B in 06:00:00 with 0 errors on Mon Dec  "
            "1 04:00:00 2025", "config:", "",
            "\t%-*s  %-8s %5s %5s %5s" % (w, "NAME", "STATE", "READ", "WRITE",
                                         "CKSUM")]
    out += text_line(root, 0, w, False, paths)
    for cls in ("dedup", "special"):
        tops = [c for c in special if c.bias == cls]
        if tops:
            out.append("\t%s\t" % cls)
            for t in tops:
                out += text_line(t, 2, w, False, paths)
    for heading, items, isspare in (("logs", logs, False),
                                    ("cache", cache, False),
                                    ("spares", spares, True)):
        if not items:
            continue
        out.append("\t%s\t" % heading if heading == "logs" else
                   "\t%s" % heading)
        for t in items:
            out += text_line(t, 2, w, isspare, paths, spare_used_by)
    out += ["", "errors: No known data errors"]
    return "\n".join(out) + "\n"


def status_text(pools):
    texts = [p(False, False) for p in pools]
    return "\n".join(texts) if texts else "no pools available\n"


def status_json(pools, flat=False, as_int=False, guid_keys=False):
    out = {"output_version": {"command": "zpool status", "vers_major": 0,
                              "vers_minor": 1}, "pools": {}}
    for p in pools:
        item = p(flat, as_int)
        key = str(item["pool_guid"]) if guid_keys else item["name"]
        add(out["pools"], key, item)
    return json.dumps(out, indent=2) + "\n"


# ---- the model of tests/data/diff/model.yaml, and what changes ----

def bv(n):
    return "/dev/disk/by-vdev/%s-part1" % n


def wwn(w):
    return "wwn-0x%s" % w


def wp(w):
    return "/dev/disk/by-id/wwn-0x%s-part1" % w


SPARE, LOG, CACHE = "5000c500a1b2c3d4", "5002538e40a1b2c3", "5002538e40a1b2d9"
NEW = "5000cca2b3c4d5e6"


def tank(flat, as_int, mirrors=None, logs=True, cache=(CACHE,),
         spares=(SPARE,), state="ONLINE", status=None, action=None,
         extra=()):
    if mirrors is None:
        mirrors = [mirror(0, "e1-0", "e2-0"), mirror(1, "e1-1", "e2-1")]
    kids = list(mirrors) + list(extra)
    root = V("tank", "root", kids, state=state, guid=8917231562341287811)
    if logs is True:
        lg = [disk(wwn(LOG), wp(LOG), log=True, size=400088457216,
                   devid="ata-SAMSUNG_MZ7KM400HMHQ-00005_S3F4NX0K400123-"
                   "part1")]
    else:
        lg = list(logs or [])
    return pool_json("tank", root, lg,
                     [disk(wwn(c), wp(c), size=400088457216) for c in cache],
                     [disk(wwn(s), wp(s)) if isinstance(s, str) else s
                      for s in spares],
                     state=state, flat=flat, as_int=as_int,
                     guid=15889011345345657123, status=status,
                     action=action)


def mirror(i, *names, state="ONLINE"):
    return V("mirror-%d" % i, "mirror",
             [disk(n, bv(n)) if isinstance(n, str) else n for n in names],
             state=state, size=3985729650688)


DEGRADED_STATUS = ("One or more devices are faulted in response to "
                   "persistent errors.\n\tSufficient replicas exist for the "
                   "pool to continue functioning in a\n\tdegraded state.\n")
DEGRADED_ACTION = ("Replace the faulted device, or use 'zpool clear' to "
                   "mark the device\n\trepaired.\n")


def backup(flat, as_int):
    root = V("backup", "root", [V("mirror-0", "mirror", [
        disk("sdk", "/dev/sdk1"), disk("sdl", "/dev/sdl1")])])
    return pool_json("backup", root, flat=flat, as_int=as_int,
                     guid=4237591034412280916)


def fixtures():
    """name -> (pools, flat, as_int, guid_keys)"""
    T = tank
    faulted = disk("e2-0", bv("e2-0"), state="FAULTED", aux="ERR_EXCEEDED")
    f = {
        "clean-nested": ([T], False, False, False),
        "clean-flat": ([T], True, False, False),
        "clean-int": ([T], False, True, False),
        "clean-flat-int-guidkey": ([T], True, True, True),
        "pool-missing": ([], False, False, False),
        "pool-extra": ([T, backup], False, False, False),
        "vdev-missing": ([lambda fl, i: T(fl, i, mirrors=[
            mirror(0, "e1-0", "e2-0")])], False, False, False),
        "vdev-extra": ([lambda fl, i: T(fl, i, extra=[
            mirror(2, "e1-2", "e2-2")])], True, False, False),
        "vdev-width": ([lambda fl, i: T(fl, i, mirrors=[
            mirror(0, "e1-0", "e2-0"),
            mirror(1, "e1-1", "e2-1", "e1-3")])], False, False, False),
        "vdev-type": ([lambda fl, i: T(fl, i, mirrors=[
            V("raidz1-0", "raidz", [disk(n, bv(n)) for n in
                                    ("e1-0", "e2-0", "e1-1", "e2-1")])])],
            False, False, False),
        "replaced": ([lambda fl, i: T(fl, i, mirrors=[
            mirror(0, "e1-0", "e2-0"),
            mirror(1, "e1-1", disk(wwn(NEW), wp(NEW)))])],
            False, False, False),
        "degraded": ([lambda fl, i: T(fl, i, state="DEGRADED",
                                      status=DEGRADED_STATUS,
                                      action=DEGRADED_ACTION, mirrors=[
            mirror(0, "e1-0", faulted, state="DEGRADED"),
            mirror(1, "e1-1", "e2-1")])], False, False, False),
        "unavail": ([lambda fl, i: T(fl, i, state="DEGRADED", mirrors=[
            mirror(0, "e1-0", "e2-0"),
            mirror(1, disk("3302856436810287431", bv("e1-1"),
                           state="CANT_OPEN", aux="OPEN_FAILED",
                           not_present=True, guid=3302856436810287431), "e2-1",
                   state="DEGRADED")])], True, True, False),
        "spare-inuse": ([lambda fl, i: spare_inuse(fl, i)],
                        False, False, False),
        "spare-inuse-flat": ([lambda fl, i: spare_inuse(fl, i)],
                             True, False, False),
        "log-missing": ([lambda fl, i: T(fl, i, logs=False)],
                        False, False, False),
        "cache-extra": ([lambda fl, i: T(fl, i, cache=(
            CACHE, "5002538e40a1b2ef"))], True, False, False),
    }
    return f


def spare_inuse(flat, as_int):
    sp = V("spare-1", "spare", [
        disk("e2-0", bv("e2-0"), state="FAULTED", aux="ERR_EXCEEDED"),
        disk(wwn(SPARE), wp(SPARE), spare=True)], state="DEGRADED")
    m0 = V("mirror-0", "mirror", [disk("e1-0", bv("e1-0")), sp],
           state="DEGRADED", size=3985729650688)
    return tank(flat, as_int, state="DEGRADED", status=DEGRADED_STATUS,
                action=DEGRADED_ACTION,
                mirrors=[m0, mirror(1, "e1-1", "e2-1")],
                spares=[disk(wwn(SPARE), wp(SPARE), spared=True)])


def rule_fixtures():
    """tests/rules/<rule>/<file> -> (pools, flat, as_int, guid_keys)"""
    f = fixtures()
    T = tank
    log_mirror = V("mirror-2", "mirror", [
        disk(wwn(LOG), wp(LOG), size=400088457216),
        disk(wwn("5002538e40a1b2c7"), wp("5002538e40a1b2c7"),
             size=400088457216)], log=True, size=400088457216)
    special = V("mirror-3", "mirror", [
        disk("e1-4", bv("e1-4"), size=960197124096),
        disk("e2-4", bv("e2-4"), size=960197124096)], bias="special",
        size=960197124096)
    return {
        "drift-pool-missing/fail-missing": f["pool-missing"],
        "drift-pool-missing/pass-present": f["clean-nested"],
        "drift-pool-extra/fail-extra": f["pool-extra"],
        "drift-pool-extra/pass-guid-keys": f["clean-flat-int-guidkey"],
        "drift-vdev-missing/fail-missing": f["vdev-missing"],
        "drift-vdev-missing/pass-clean": f["clean-nested"],
        "drift-vdev-extra/fail-extra": f["vdev-extra"],
        "drift-vdev-extra/fail-special": ([lambda fl, i: T(
            fl, i, extra=[special])], False, False, False),
        "drift-vdev-extra/pass-log-cache-spare": f["clean-flat"],
        "drift-vdev-type/fail-raidz": f["vdev-type"],
        "drift-vdev-type/pass-clean": f["clean-flat"],
        "drift-vdev-width/fail-3-way": f["vdev-width"],
        "drift-vdev-width/pass-clean": f["clean-nested"],
        "drift-device/fail-replaced": f["replaced"],
        "drift-device/pass-partition-1": f["clean-int"],
        "drift-log/fail-missing": f["log-missing"],
        "drift-log/fail-mirror": ([lambda fl, i: T(
            fl, i, logs=[log_mirror])], True, False, False),
        "drift-log/pass-clean": f["clean-flat"],
        "drift-cache/fail-extra": f["cache-extra"],
        "drift-cache/fail-missing": ([lambda fl, i: T(fl, i, cache=())],
                                     False, False, False),
        "drift-cache/pass-clean": f["clean-nested"],
        "drift-spare/fail-missing": ([lambda fl, i: T(fl, i, spares=())],
                                     False, False, False),
        "drift-spare/fail-extra": ([lambda fl, i: T(fl, i, spares=(
            SPARE, "5000c500a1b2c3f0"))], True, False, False),
        "drift-spare/pass-in-use": f["spare-inuse"],
        "drift-spare-inuse/fail-in-use": f["spare-inuse"],
        "drift-spare-inuse/fail-in-use-flat": f["spare-inuse-flat"],
        "drift-spare-inuse/pass-avail": f["clean-nested"],
        "drift-state/fail-faulted": f["degraded"],
        "drift-state/fail-not-present": f["unavail"],
        "drift-state/pass-spare-avail": f["clean-flat"],
    }


def from_plan(plan):
    """zpool status of every pool of an explicit model (zplan plan --format
    json), as built: for benchmarks."""
    devs = {d["id"]: d.get("dev", "/dev/disk/by-vdev/" + d["id"])
            for d in plan.get("disks", [])}

    def leaf(i, **kw):
        path = devs[i] + "-part1"
        return disk(path.rsplit("/", 1)[1][:-len("-part1")], path, **kw)

    pools = []
    for p in plan.get("pools", []):
        def mk(fl, ia, p=p):
            kids = []
            for k, v in enumerate(p.get("vdevs", [])):
                (kind, members), = v.items()
                if kind == "disk":
                    kids.append(leaf(members))
                else:
                    t = "raidz" if kind.startswith("raidz") else kind
                    kids.append(V("%s-%d" % (kind, k), t,
                                  [leaf(m) for m in members]))
            n = len(kids)
            logs = []
            for v in p.get("log", []):
                if isinstance(v, str):
                    logs.append(leaf(v, log=True))
                else:
                    logs.append(V("mirror-%d" % n, "mirror",
                                  [leaf(m) for m in v["mirror"]], log=True))
                n += 1
            root = V(p["name"], "root", kids)
            return pool_json(p["name"], root, logs,
                             [leaf(c) for c in p.get("cache", [])],
                             [leaf(s) for s in p.get("spares", [])],
                             flat=fl, as_int=ia)
        pools.append(mk)
    return pools


def main():
    global TEXT
    if len(sys.argv) > 1 and sys.argv[1] == "--from-plan":
        flat = "--flat" in sys.argv
        if "--text" in sys.argv:
            TEXT = "P"
            sys.stdout.write(status_text(from_plan(json.load(sys.stdin))))
            return
        sys.stdout.write(status_json(from_plan(json.load(sys.stdin)), flat))
        return
    for name, (pools, flat, as_int, gk) in fixtures().items():
        with open(os.path.join("tests/data/diff", name + ".json"), "w") as f:
            f.write(status_json(pools, flat, as_int, gk))
    for name, (pools, flat, as_int, gk) in rule_fixtures().items():
        os.makedirs(os.path.dirname(os.path.join("tests/rules", name)),
                    exist_ok=True)
        with open(os.path.join("tests/rules", name + ".json"), "w") as f:
            f.write(status_json(pools, flat, as_int, gk))
    for TEXT, suffix in (("P", "-P"), ("plain", "")):
        for name, (pools, flat, as_int, gk) in fixtures().items():
            if name in ("clean-flat", "clean-int", "clean-flat-int-guidkey",
                        "spare-inuse-flat"):
                continue        # the same pools as another fixture
            with open(os.path.join("tests/data/status-text",
                                   name + suffix + ".txt"), "w") as f:
                f.write(status_text(pools))
    TEXT = None


if __name__ == "__main__":
    main()
