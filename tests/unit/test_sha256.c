/* Unit tests for src/sha256.c: the FIPS 180-4 example messages (NIST's
 * "Examples with intermediate values" and FIPS 180-2 appendix B), NIST
 * CAVS short messages, every padding boundary, and hashing in pieces. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/sha256.h"

static void hex_is(const void *data, size_t len, const char *want)
{
	char got[65];

	zp_sha256_hex(data, len, got);
	cr_assert_str_eq(got, want, "sha256 of %zu bytes", len);
}

Test(sha256, empty)
{
	hex_is("", 0,
	    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

Test(sha256, abc)
{
	hex_is("abc", 3,
	    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

Test(sha256, two_blocks_448_bits)
{
	const char *m =
	    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";

	hex_is(m, strlen(m),
	    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

Test(sha256, message_896_bits)
{
	const char *m = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
	    "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

	hex_is(m, strlen(m),
	    "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

Test(sha256, one_million_a)
{
	char *m = malloc(1000000);

	cr_assert_not_null(m);
	memset(m, 'a', 1000000);
	hex_is(m, 1000000,
	    "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	free(m);
}

Test(sha256, one_million_a_in_odd_pieces)
{
	unsigned char d[ZP_SHA256_LEN];
	struct zp_sha256 c;
	char piece[997];
	size_t left = 1000000;
	static const unsigned char want[ZP_SHA256_LEN] = {
		0xcd, 0xc7, 0x6e, 0x5c, 0x99, 0x14, 0xfb, 0x92, 0x81, 0xa1,
		0xc7, 0xe2, 0x84, 0xd7, 0x3e, 0x67, 0xf1, 0x80, 0x9a, 0x48,
		0xa4, 0x97, 0x20, 0x0e, 0x04, 0x6d, 0x39, 0xcc, 0xc7, 0x11,
		0x2c, 0xd0
	};

	memset(piece, 'a', sizeof(piece));
	zp_sha256_init(&c);
	while (left) {
		size_t n = left < sizeof(piece) ? left : sizeof(piece);

		zp_sha256_update(&c, piece, n);
		left -= n;
	}
	zp_sha256_final(&c, d);
	cr_assert_arr_eq(d, want, sizeof(want));
}

/* NIST CAVS SHA256ShortMsg: 8-bit and 32-bit messages. */
Test(sha256, cavs_short)
{
	hex_is("\xbd", 1,
	    "68325720aabd7c82f30f554b313d0570c95accbb7dc4b5aae11204c08ffe732b");
	hex_is("\xc9\x8c\x8e\x55", 4,
	    "7abc22c0ae5af26ce93dbb94433a0e0b2e119d014f8e7f65bd56c61ccccd9504");
}

/* Bytes 0, 1, 2, ... n-1: lengths on each side of the padding limits
 * (55 fits one block, 56 needs two; 64, 119, 120...). Digests from
 * Python's hashlib. */
Test(sha256, padding_boundaries)
{
	static const struct { size_t n; const char *hex; } v[] = {
		{ 55, "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59" },
		{ 56, "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562" },
		{ 57, "2fe741af801cc238602ac0ec6a7b0c3a8a87c7fc7d7f02a3fe03d1c12eac4d8f" },
		{ 63, "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488" },
		{ 64, "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108" },
		{ 65, "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781" },
		{ 119, "da18797ed7c3a777f0847f429724a2d8cd5138e6ed2895c3fa1a6d39d18f7ec6" },
		{ 120, "f52b23db1fbb6ded89ef42a23ce0c8922c45f25c50b568a93bf1c075420bbb7c" },
		{ 128, "471fb943aa23c511f6f72f8d1652d9c880cfa392ad80503120547703e56a2be5" },
	};
	unsigned char m[128];
	size_t i;

	for (i = 0; i < sizeof(m); i++)
		m[i] = (unsigned char)i;
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		hex_is(m, v[i].n, v[i].hex);
}

/* Any split of a message into two updates gives the one-shot digest. */
Test(sha256, every_split_matches_one_shot)
{
	unsigned char m[200], one[ZP_SHA256_LEN], two[ZP_SHA256_LEN];
	struct zp_sha256 c;
	size_t i, n;

	for (i = 0; i < sizeof(m); i++)
		m[i] = (unsigned char)(i * 7 + 3);
	for (n = 0; n <= sizeof(m); n += 13) {
		zp_sha256_init(&c);
		zp_sha256_update(&c, m, n);
		zp_sha256_final(&c, one);
		for (i = 0; i <= n; i++) {
			zp_sha256_init(&c);
			zp_sha256_update(&c, m, i);
			zp_sha256_update(&c, m + i, n - i);
			zp_sha256_final(&c, two);
			cr_assert_arr_eq(one, two, sizeof(one),
			    "length %zu split at %zu", n, i);
		}
	}
}

/* final leaves the context ready for a new message. */
Test(sha256, final_reinitialises)
{
	unsigned char a[ZP_SHA256_LEN], b[ZP_SHA256_LEN];
	struct zp_sha256 c;

	zp_sha256_init(&c);
	zp_sha256_update(&c, "something else", 14);
	zp_sha256_final(&c, a);
	zp_sha256_update(&c, "abc", 3);
	zp_sha256_final(&c, a);
	zp_sha256_init(&c);
	zp_sha256_update(&c, "abc", 3);
	zp_sha256_final(&c, b);
	cr_assert_arr_eq(a, b, sizeof(a));
}
