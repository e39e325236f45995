/* png_pixel: prints the colour of pixels of a PNG, so that tests can look
 * at what a real renderer drew. Reads the 8-bit, non-interlaced RGB and
 * RGBA images rsvg-convert writes; needs only zlib.
 *
 * usage: png_pixel FILE X Y [X Y]...   one "#rrggbb" a line ("#rrggbbaa"
 * where the pixel is not opaque); exit 1 on an image it cannot read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

static int fail(const char *file, const char *why)
{
	fprintf(stderr, "png_pixel: %s: %s\n", file, why);
	return 1;
}

static int paeth(int a, int b, int c)
{
	int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);

	return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

int main(int argc, char **argv)
{
	static const unsigned char sig[8] = { 137, 'P', 'N', 'G', 13, 10, 26,
	    10 };
	unsigned char *buf = NULL, *idat = NULL, *raw, *img;
	size_t len = 0, cap = 0, nidat = 0, pos, stride, bpp = 0, y, x, i;
	uint32_t w = 0, h = 0;
	uLongf rawlen;
	FILE *f;
	int a;

	if (argc < 4 || argc % 2) {
		fprintf(stderr, "usage: png_pixel FILE X Y [X Y]...\n");
		return 2;
	}
	if (!(f = fopen(argv[1], "rb")))
		return fail(argv[1], "cannot open");
	for (;;) {
		if (len == cap && !(buf = realloc(buf, cap = cap * 2 + 65536)))
			return fail(argv[1], "out of memory");
		if (!(i = fread(buf + len, 1, cap - len, f)))
			break;
		len += i;
	}
	fclose(f);
	if (len < 8 || memcmp(buf, sig, 8))
		return fail(argv[1], "not a PNG");
	idat = malloc(len);
	for (pos = 8; pos + 12 <= len; ) {
		uint32_t n = be32(buf + pos);
		const unsigned char *type = buf + pos + 4,
		    *data = buf + pos + 8;

		if (n > len - pos - 12)
			return fail(argv[1], "truncated chunk");
		if (!memcmp(type, "IHDR", 4)) {
			if (n < 13)
				return fail(argv[1], "short IHDR");
			w = be32(data);
			h = be32(data + 4);
			if (data[8] != 8 || data[12] != 0)
				return fail(argv[1], "not 8-bit, or "
				    "interlaced");
			bpp = data[9] == 6 ? 4 : data[9] == 2 ? 3 : 0;
			if (!bpp)
				return fail(argv[1], "not RGB or RGBA");
		} else if (!memcmp(type, "IDAT", 4)) {
			memcpy(idat + nidat, data, n);
			nidat += n;
		} else if (!memcmp(type, "IEND", 4))
			break;
		pos += 12 + n;
	}
	if (!bpp || !w || !h || w > 1u << 16 || h > 1u << 20)
		return fail(argv[1], "no usable IHDR");
	stride = (size_t)w * bpp;
	rawlen = (uLongf)((stride + 1) * h);
	raw = malloc(rawlen);
	img = malloc(stride * h);
	if (!raw || !img || uncompress(raw, &rawlen, idat, nidat) != Z_OK ||
	    rawlen != (stride + 1) * h)
		return fail(argv[1], "bad image data");
	/* undo the per-row filters of the PNG specification */
	for (y = 0; y < h; y++) {
		const unsigned char *in = raw + y * (stride + 1) + 1;
		unsigned char *out = img + y * stride;
		const unsigned char *up = y ? out - stride : NULL;
		int ft = in[-1];

		for (x = 0; x < stride; x++) {
			int l = x >= bpp ? out[x - bpp] : 0, u = up ? up[x] : 0,
			    ul = up && x >= bpp ? up[x - bpp] : 0, p;

			switch (ft) {
			case 0: p = 0; break;
			case 1: p = l; break;
			case 2: p = u; break;
			case 3: p = (l + u) / 2; break;
			case 4: p = paeth(l, u, ul); break;
			default: return fail(argv[1], "bad row filter");
			}
			out[x] = (unsigned char)(in[x] + p);
		}
	}
	for (a = 2; a + 1 < argc; a += 2) {
		long px = strtol(argv[a], NULL, 10), py = strtol(argv[a + 1],
		    NULL, 10);
		const unsigned char *p;

		if (px < 0 || py < 0 || px >= (long)w || py >= (long)h)
			return fail(argv[1], "pixel outside the image");
		p = img + (size_t)py * stride + (size_t)px * bpp;
		if (bpp == 4 && p[3] != 255)
			printf("#%02x%02x%02x%02x\n", p[0], p[1], p[2], p[3]);
		else
			printf("#%02x%02x%02x\n", p[0], p[1], p[2]);
	}
	free(buf);
	free(idat);
	free(raw);
	free(img);
	return 0;
}
