/* The drawing stack of gesto's overlays (cairo, Pango, PangoCairo, GObject), opened at the first
 * overlay rather than at start; see CGestoDrawing.c. */
#ifndef CGESTO_DRAWING_H
#define CGESTO_DRAWING_H

/* Opens libcairo.so.2, libpango-1.0.so.0, libpangocairo-1.0.so.0 and libgobject-2.0.so.0 and
 * finds every function gesto calls, once (later calls return the first answer). Returns NULL
 * when they are ready, or why not: "SONAME (Debian package PACKAGE) could not be loaded: ...".
 * Call it before any cairo or Pango function. Thread-safe. */
const char *gesto_drawing_open(void);

#endif
