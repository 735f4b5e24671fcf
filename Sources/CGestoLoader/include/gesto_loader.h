/* The shared libraries gesto opens when a feature first needs them instead of at start, so a
 * client command of gestoctl maps no libinput, cairo or Wayland, and gestod maps the drawing
 * stack only at its first overlay. Each library family (CGestoDrawing, CGestoLibinput,
 * CGestoWayland, CGestoXKB, CGestoXML) defines, with hidden visibility, functions with the
 * library's own names and signatures that call the real ones, found once through
 * dlopen(SONAME, RTLD_NOW | RTLD_LOCAL) and dlsym: the Swift code calls the library as
 * before. A family is opened as a whole by its gesto_FAMILY_open(), which names the soname
 * and the Debian package of a library that is missing or too old. */
#ifndef GESTO_LOADER_H
#define GESTO_LOADER_H
#include <stddef.h>

/* One shared library of a family: its soname (what dlopen finds) and the Debian package that
 * ships it, for the error message. `handle` is set by gesto_library_open. */
struct gesto_library {
	const char *soname;
	const char *package;
	void *handle;
};

/* dlopen(library->soname, RTLD_NOW | RTLD_LOCAL), never closed. Returns 0, or -1 with
 * "SONAME (Debian package PACKAGE) could not be loaded: dlerror" in `message`. */
__attribute__((visibility("hidden")))
int gesto_library_open(struct gesto_library *library, char *message, size_t message_size);

/* dlsym of `name` in an opened library; NULL with "SONAME (Debian package PACKAGE) has no
 * NAME: too old?" in `message`. */
__attribute__((visibility("hidden")))
void *gesto_library_symbol(const struct gesto_library *library, const char *name, char *message, size_t message_size);

/* Prints "gesto: MESSAGE" and aborts: a library function was called although its family's
 * gesto_FAMILY_open() had failed, which the Swift callers check first (a programmer error). */
__attribute__((visibility("hidden"), noreturn))
void gesto_library_unavailable(const char *message);

/* The X-macro lists of a family name each function once as
 *   F(return type, name, (parameters), (arguments))   for a function with a value, or
 *   P(name, (parameters), (arguments))                for one returning void.
 * From one list the family file makes its table of pointers (typed with __typeof__(&name), so
 * the compiler checks every entry against the library's header), the dlsym of each entry, and
 * the trampolines. A family file defines GESTO_TABLE() (the opened table, or
 * gesto_library_unavailable) before expanding the trampolines, and declares `table`,
 * `library`, `message` and `message_size` where it expands the resolvers. */
#define GESTO_FIELD(ret, name, params, args) __typeof__(&name) name;
#define GESTO_PROCEDURE_FIELD(name, params, args) __typeof__(&name) name;
#define GESTO_RESOLVE(ret, name, params, args) GESTO_PROCEDURE_RESOLVE(name, params, args)
#define GESTO_PROCEDURE_RESOLVE(name, params, args) \
	if (!(table.name = (__typeof__(&name))gesto_library_symbol(library, #name, message, message_size))) return -1;
#define GESTO_TRAMPOLINE(ret, name, params, args) ret name params { return GESTO_TABLE()->name args; }
#define GESTO_PROCEDURE_TRAMPOLINE(name, params, args) void name params { GESTO_TABLE()->name args; }

#endif
