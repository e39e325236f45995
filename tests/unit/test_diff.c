/* Unit tests for the naming rules zplan diff and zplan import follow:
 * which status path is a model's dev (src/diff.c), and which by-id name
 * udev gives a disk lsblk shows (src/import.c). */
#include <criterion/criterion.h>
#include <string.h>

#include "zplan/diff.h"
#include "zplan/import.h"

Test(same_dev, whole_disks_show_as_partition_1)
{
	cr_assert(zp_diff_same_dev("/dev/disk/by-vdev/e1-0",
	    "/dev/disk/by-vdev/e1-0-part1"));
	cr_assert(zp_diff_same_dev("/dev/disk/by-id/wwn-0x5000c500a1b2c3d4",
	    "/dev/disk/by-id/wwn-0x5000c500a1b2c3d4-part1"));
	cr_assert(zp_diff_same_dev("/dev/sdb", "/dev/sdb1"));
	cr_assert(zp_diff_same_dev("/dev/nvme0n1", "/dev/nvme0n1p1"));
	cr_assert(zp_diff_same_dev("/dev/mapper/mpatha",
	    "/dev/mapper/mpatha-part1"));
	cr_assert(zp_diff_same_dev("/dev/sdb", "/dev/sdb"));
}

Test(same_dev, other_devices)
{
	/* another partition, another disk */
	cr_assert_not(zp_diff_same_dev("/dev/sdb", "/dev/sdb2"));
	cr_assert_not(zp_diff_same_dev("/dev/sdb", "/dev/sdba1"));
	cr_assert_not(zp_diff_same_dev("/dev/nvme0n1", "/dev/nvme0n11"));
	cr_assert_not(zp_diff_same_dev("/dev/disk/by-vdev/e1-0",
	    "/dev/disk/by-vdev/e1-0-part2"));
	/* under /dev/disk a trailing 1 is another name (serial ABC, ABC1) */
	cr_assert_not(zp_diff_same_dev("/dev/disk/by-id/ata-X_ABC",
	    "/dev/disk/by-id/ata-X_ABC1"));
	cr_assert_not(zp_diff_same_dev("/dev/disk/by-vdev/e1-1",
	    "/dev/disk/by-vdev/e1-10-part1"));
	cr_assert_not(zp_diff_same_dev("", "1"));
}

static void byid(const char *want, const char *name, const char *tran,
    const char *model, const char *serial, const char *wwn)
{
	char buf[512];
	const char *got = zp_byid_name(name, tran, model, serial, wwn, buf,
	    sizeof(buf));

	if (!want) {
		cr_assert_null(got, "%s: got %s", name, got);
		return;
	}
	cr_assert_not_null(got, "%s: no name, want %s", name, want);
	cr_assert_str_eq(got, want);
}

Test(byid, as_udev_names_them)
{
	/* wwn-$ID_WWN_WITH_EXTENSION, which lsblk prints as WWN */
	byid("wwn-0x5000cca2a1b2c3d4", "sda", "sas", "HGST HUH721212AL5200",
	    "8DG4LXYZ", "0x5000cca2a1b2c3d4");
	/* ata-$ID_SERIAL: ata_id's model_serial, blanks to one _ each run,
	 * ends trimmed, other bytes outside [0-9A-Za-z#+-.:=@_] to _ */
	byid("ata-INTEL_SSDSC2KB480G8_PHYF8123004X480BGN", "sdd", "sata",
	    "INTEL SSDSC2KB480G8", "PHYF8123004X480BGN", NULL);
	byid("ata-WDC_WD40EFRX-68N32N0_WD-WCC7K1ABCDEF", "sde", "sata",
	    "  WDC   WD40EFRX-68N32N0 ", "WD-WCC7K1ABCDEF", NULL);
	byid("ata-A_B_C__S_1", "sdf", "sata", "A/B(C)", "S 1", NULL);
	/* NVMe: nvme-$ID_WWN (the wwid), else nvme-MODEL_SERIAL; util-linux
	 * before 2.34 gives no TRAN, the name tells */
	byid("nvme-eui.0025385b71b2c3d4", "nvme0n1", "nvme", "Samsung SSD",
	    "S4EW", "eui.0025385b71b2c3d4");
	byid("nvme-eui.0025385b71b2c3d4", "nvme0n1", NULL, NULL, NULL,
	    "eui.0025385b71b2c3d4");
	byid("nvme-INTEL_SSDPE2KE016T8_PHLN", "nvme1n1", "nvme",
	    "INTEL SSDPE2KE016T8", "PHLN", NULL);
	byid("virtio-ZPLANTEST01", "vda", "virtio", NULL, "ZPLANTEST01", NULL);
	/* none that zplan can know: SAS without a WWN (scsi_id's serial),
	 * USB (its vendor is not among the columns), no serial */
	byid(NULL, "sdg", "sas", "ST600MM0088", "S0M1ABCD", NULL);
	byid(NULL, "sdh", "usb", "Bridge", "0001", NULL);
	byid(NULL, "sdi", "sata", "ST4000", NULL, NULL);
	byid(NULL, "nvme2n1", "nvme", "X", NULL, NULL);
	/* a blank WWN is none */
	byid(NULL, "sdj", "sas", "X", "Y", "  ");
}
