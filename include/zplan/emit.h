/* emit: owns writing a model out in its explicit form (model.md): every
 * disk, vdev member, filesystem and mount written out, the policy in full,
 * as YAML or JSON written by hand (quoting and escaping live here), through
 * buffered stdio with no allocation per object. */
#ifndef ZPLAN_EMIT_H
#define ZPLAN_EMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "zplan/model.h"

enum zp_emit_fmt { ZP_EMIT_YAML, ZP_EMIT_JSON };

/* Writes m to out. Returns 0, or -1 when out has failed (errno says why). */
int zp_emit(const struct zp_model *m, enum zp_emit_fmt fmt, FILE *out);

/* Whether s can be written as a plain YAML scalar, in block or flow
 * context, and read back as the same string (not as a number, boolean or
 * null, nor cut at a ": ", " #" or comma). */
bool zp_yaml_plain(const char *s);
/* Writes s as a YAML scalar: plain when it can be, else double-quoted with
 * escapes. */
void zp_yaml_str(FILE *out, const char *s);
/* bytes as an exact size the loader reads back: the largest decimal unit
 * that divides it ("14TB", "3840GB"), else binary ("256GiB"), else bytes. */
void zp_size_str(uint64_t bytes, char *buf, size_t len);

#endif
