/* The shared libraries gesto opens when a feature first needs them instead of at start, so a
 * client command of gestoctl maps no libinput, cairo or Wayland, and gestod maps the drawing
 * stack only at its first overlay. Each library family (CGestoDrawing, CGestoLibinput,
 * CGestoSystemd, CGestoWayland, CGestoXKB, CGestoXML) defines, with hidden visibility, functions with the
 * library's own names and signatures that call the real ones, found once through
 * dlopen(SONAME, RTLD_NOW | RTLD_LOCAL) and dlsym: the Swift code calls the library as
 * before. A family is opened as a whole by its gesto_FAMILY_open(), which names the soname
 * and the Debian package of a library that is missing or too old; GESTO_FAMILY below writes
 * all of that from the family's list of libraries. */
#ifndef GESTO_LOADER_H
#define GESTO_LOADER_H
#include <pthread.h>
#include <stddef.h>

/* One shared library of a family: its soname (what dlopen finds) and the Debian package that
 * ships it, for the error message. A library whose soname changed between the Debian releases
 * gesto runs on lists them newest first, separated by spaces ("libxml2.so.16 libxml2.so.2"),
 * with its packages in `package` ("libxml2-16 or libxml2"): the first that opens is used.
 * `handle` and `opened` (the soname that opened) are set by gesto_library_open. */
struct gesto_library {
	const char *soname;
	const char *package;
	void *handle;
	char opened[64];
};

/* dlopen(each soname of library->soname in turn, RTLD_NOW | RTLD_LOCAL), never closed. Returns
 * 0, or -1 with "SONAME (Debian package PACKAGE) could not be loaded: dlerror" in `message`
 * (each soname's dlerror, when it lists several). */
__attribute__((visibility("hidden")))
int gesto_library_open(struct gesto_library *library, char *message, size_t message_size);

/* dlsym of `name` in an opened library; NULL with "SONAME (Debian package PACKAGE) has no
 * NAME: too old?" in `message`, SONAME being the one that opened. */
__attribute__((visibility("hidden")))
void *gesto_library_symbol(const struct gesto_library *library, const char *name, char *message, size_t message_size);

/* Prints "gesto: MESSAGE" and aborts: a library function was called although its family's
 * gesto_FAMILY_open() had failed, which the Swift callers check first (a programmer error). */
__attribute__((visibility("hidden"), noreturn))
void gesto_library_unavailable(const char *message);

/* The X-macro lists of a family name each function once as
 *   F(return type, name, (parameters), (arguments))   for a function with a value, or
 *   P(name, (parameters), (arguments))                for one returning void.
 * From one list GESTO_FAMILY makes the family's table of pointers (typed with
 * __typeof__(&name), so the compiler checks every entry against the library's header), the
 * dlsym of each entry, and the trampolines. */
#define GESTO_FIELD(ret, name, params, args) __typeof__(&name) name;
#define GESTO_PROCEDURE_FIELD(name, params, args) __typeof__(&name) name;
#define GESTO_RESOLVE(ret, name, params, args) GESTO_PROCEDURE_RESOLVE(name, params, args)
#define GESTO_PROCEDURE_RESOLVE(name, params, args) \
	if (!(table.name = (__typeof__(&name))gesto_library_symbol(library, #name, message, message_size))) return -1;
#define GESTO_TRAMPOLINE(ret, name, params, args) ret name params { return GESTO_TABLE()->name args; }
#define GESTO_PROCEDURE_TRAMPOLINE(name, params, args) void name params { GESTO_TABLE()->name args; }

/* A family's libraries are an X-macro list too, one
 *   L(variable, soname, package, FUNCTIONS)
 * per library, where FUNCTIONS is the function list of that library; they are opened in the
 * list's order (a library first, then those that need it), so the first that is missing or
 * too old is the one the message names. GESTO_FAMILY(LIBRARIES), expanded once in the family
 * file after the libraries' headers and inside its hidden-visibility region, defines:
 *   - a `struct gesto_library` named `variable` for each library;
 *   - the table of pointers, filled once (pthread_once) by dlopen and dlsym of every entry;
 *   - `static const char *gesto_family_open(void)`: NULL once every library is open and
 *     every function found, else the first failure's message (the same text on every call);
 *   - the trampolines, which call gesto_library_unavailable if the family could not open.
 * A family the Swift code opens exports its gesto_FAMILY_open() as a call of
 * gesto_family_open(), outside the hidden region; CGestoXML's own accessors call it instead. */
#define GESTO_FAMILY(LIBRARIES) \
	LIBRARIES(GESTO_FAMILY_LIBRARY) \
	static struct { \
		LIBRARIES(GESTO_FAMILY_FIELDS) \
	} table; \
	static pthread_once_t once = PTHREAD_ONCE_INIT; \
	static int opened; \
	static char failure[512]; \
	static int resolve(char *message, size_t message_size) \
	{ \
		const struct gesto_library *library; \
		LIBRARIES(GESTO_FAMILY_RESOLVE) \
		return 0; \
	} \
	static void open_once(void) \
	{ \
		LIBRARIES(GESTO_FAMILY_OPEN) \
		opened = resolve(failure, sizeof failure) == 0; \
	} \
	static const char *gesto_family_open(void) \
	{ \
		pthread_once(&once, open_once); \
		return opened ? NULL : failure; \
	} \
	LIBRARIES(GESTO_FAMILY_TRAMPOLINES)
#define GESTO_FAMILY_LIBRARY(variable, soname, package, functions) static struct gesto_library variable = {soname, package, NULL, ""};
#define GESTO_FAMILY_FIELDS(variable, soname, package, functions) functions(GESTO_FIELD, GESTO_PROCEDURE_FIELD)
#define GESTO_FAMILY_RESOLVE(variable, soname, package, functions) \
	library = &variable; \
	functions(GESTO_RESOLVE, GESTO_PROCEDURE_RESOLVE)
#define GESTO_FAMILY_OPEN(variable, soname, package, functions) \
	if (gesto_library_open(&variable, failure, sizeof failure) != 0) \
		return;
#define GESTO_FAMILY_TRAMPOLINES(variable, soname, package, functions) functions(GESTO_TRAMPOLINE, GESTO_PROCEDURE_TRAMPOLINE)
#define GESTO_TABLE() (gesto_family_open() ? (gesto_library_unavailable(failure), &table) : &table)

#endif
