/* diagram: owns the SVG picture of a model: every enclosure as its slot
 * grid coloured by pool, a legend, and the network of controllers,
 * switches and clients with the mounts each port carries. */
#ifndef ZPLAN_DIAGRAM_H
#define ZPLAN_DIAGRAM_H

#include <stddef.h>
#include <stdio.h>

#include "zplan/model.h"

/* Writes m (planned, its mount list built) as one SVG document to out.
 * Deterministic and linear in the model. -1 when writing failed. */
int zp_diagram_svg(const struct zp_model *m, FILE *out);
/* The same <svg> element without the XML declaration, for inclusion in
 * an HTML page (zplan report). */
int zp_diagram_svg_embed(const struct zp_model *m, FILE *out);

/* The fill of pool i (file order), "#rrggbb": a fixed palette, cycled. */
const char *zp_diagram_pool_colour(size_t i);

#endif
