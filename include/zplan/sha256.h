/* sha256: owns SHA-256 (FIPS 180-4), written here so that the script
 * header's fingerprint of the model needs no crypto library. */
#ifndef ZPLAN_SHA256_H
#define ZPLAN_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define ZP_SHA256_LEN 32

struct zp_sha256 {
	uint32_t h[8];
	uint64_t bytes;             /* message length so far */
	unsigned char block[64];
	size_t fill;                /* bytes waiting in block */
};

void zp_sha256_init(struct zp_sha256 *c);
void zp_sha256_update(struct zp_sha256 *c, const void *data, size_t len);
/* Pads, writes the digest and leaves c to be initialised again. */
void zp_sha256_final(struct zp_sha256 *c, unsigned char out[ZP_SHA256_LEN]);
/* The digest of data[0..len) as 64 lowercase hex digits and a NUL. */
void zp_sha256_hex(const void *data, size_t len, char out[65]);

#endif
