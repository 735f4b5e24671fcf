/* cairo, Pango, PangoCairo and GObject behind trampolines with their own names and signatures
 * (gesto_loader.h says why and how). Each list names every function gesto (and its tests,
 * which read the pixels back) calls, once; a
 * function missing from its list is an undefined symbol at link time, since the executable
 * no longer links the library. */
#include "CGestoDrawing.h"
#include "gesto_loader.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Everything declared from here on is hidden: the trampolines bind only inside gesto's own
 * binary, never in place of the real libraries (which call themselves, and each other). */
#pragma GCC visibility push(hidden)
#include <cairo.h>
#include <pango/pangocairo.h>

#define GESTO_CAIRO_FUNCTIONS(F, P) \
	P(cairo_arc, (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2), (cr, xc, yc, radius, angle1, angle2)) \
	P(cairo_clip, (cairo_t *cr), (cr)) \
	P(cairo_close_path, (cairo_t *cr), (cr)) \
	F(cairo_t *, cairo_create, (cairo_surface_t *target), (target)) \
	P(cairo_destroy, (cairo_t *cr), (cr)) \
	P(cairo_fill, (cairo_t *cr), (cr)) \
	P(cairo_fill_preserve, (cairo_t *cr), (cr)) \
	F(int, cairo_format_stride_for_width, (cairo_format_t format, int width), (format, width)) \
	F(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height), (format, width, height)) \
	F(cairo_surface_t *, cairo_image_surface_create_for_data, \
	  (unsigned char *data, cairo_format_t format, int width, int height, int stride), (data, format, width, height, stride)) \
	F(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface)) \
	F(int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface)) \
	P(cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y)) \
	P(cairo_new_sub_path, (cairo_t *cr), (cr)) \
	P(cairo_paint, (cairo_t *cr), (cr)) \
	P(cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height), (cr, x, y, width, height)) \
	P(cairo_restore, (cairo_t *cr), (cr)) \
	P(cairo_save, (cairo_t *cr), (cr)) \
	P(cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy)) \
	P(cairo_set_line_width, (cairo_t *cr, double width), (cr, width)) \
	P(cairo_set_operator, (cairo_t *cr, cairo_operator_t op), (cr, op)) \
	P(cairo_set_source_rgba, (cairo_t *cr, double red, double green, double blue, double alpha), (cr, red, green, blue, alpha)) \
	P(cairo_stroke, (cairo_t *cr), (cr)) \
	P(cairo_surface_destroy, (cairo_surface_t *surface), (surface)) \
	P(cairo_surface_flush, (cairo_surface_t *surface), (surface))

#define GESTO_PANGO_FUNCTIONS(F, P) \
	P(pango_font_description_free, (PangoFontDescription *desc), (desc)) \
	F(PangoFontDescription *, pango_font_description_new, (void), ()) \
	P(pango_font_description_set_absolute_size, (PangoFontDescription *desc, double size), (desc, size)) \
	P(pango_font_description_set_family, (PangoFontDescription *desc, const char *family), (desc, family)) \
	P(pango_font_description_set_weight, (PangoFontDescription *desc, PangoWeight weight), (desc, weight)) \
	F(int, pango_layout_get_baseline, (PangoLayout *layout), (layout)) \
	F(PangoDirection, pango_layout_get_direction, (PangoLayout *layout, int index), (layout, index)) \
	P(pango_layout_get_extents, (PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect), (layout, ink_rect, logical_rect)) \
	F(int, pango_layout_get_unknown_glyphs_count, (PangoLayout *layout), (layout)) \
	F(gboolean, pango_layout_is_ellipsized, (PangoLayout *layout), (layout)) \
	P(pango_layout_set_ellipsize, (PangoLayout *layout, PangoEllipsizeMode ellipsize), (layout, ellipsize)) \
	P(pango_layout_set_font_description, (PangoLayout *layout, const PangoFontDescription *desc), (layout, desc)) \
	P(pango_layout_set_single_paragraph_mode, (PangoLayout *layout, gboolean setting), (layout, setting)) \
	P(pango_layout_set_text, (PangoLayout *layout, const char *text, int length), (layout, text, length)) \
	P(pango_layout_set_width, (PangoLayout *layout, int width), (layout, width))

#define GESTO_PANGOCAIRO_FUNCTIONS(F, P) \
	F(PangoLayout *, pango_cairo_create_layout, (cairo_t *cr), (cr)) \
	P(pango_cairo_show_layout, (cairo_t *cr, PangoLayout *layout), (cr, layout))

#define GESTO_GOBJECT_FUNCTIONS(F, P) \
	P(g_object_unref, (gpointer object), (object))

/* Debian 12's sonames and the packages that ship them (the gesto package recommends them:
 * without them gestod draws no overlay and runs every action). */
#define GESTO_DRAWING_LIBRARIES(L) \
	L(cairo, "libcairo.so.2", "libcairo2", GESTO_CAIRO_FUNCTIONS) \
	L(pango, "libpango-1.0.so.0", "libpango-1.0-0", GESTO_PANGO_FUNCTIONS) \
	L(pangocairo, "libpangocairo-1.0.so.0", "libpangocairo-1.0-0", GESTO_PANGOCAIRO_FUNCTIONS) \
	L(gobject, "libgobject-2.0.so.0", "libglib2.0-0", GESTO_GOBJECT_FUNCTIONS)
GESTO_FAMILY(GESTO_DRAWING_LIBRARIES)

#pragma GCC visibility pop
const char *gesto_drawing_open(void) { return gesto_family_open(); }
