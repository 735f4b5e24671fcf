/* cairo (Debian's libcairo2-dev), for drawing gesto's overlay surfaces into wl_shm buffers:
 * image surfaces over mapped memory, rounded shapes, clipping to damaged rectangles. */
#include <cairo/cairo.h>
