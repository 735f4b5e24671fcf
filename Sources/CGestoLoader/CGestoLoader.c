/* dlopen and dlsym for the library families (see gesto_loader.h for why they are opened late). */
#include "gesto_loader.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int gesto_library_open(struct gesto_library *library, char *message, size_t message_size)
{
	/* RTLD_LOCAL: the library's symbols stay out of the global scope, so nothing opened later
	 * binds to them by accident; RTLD_NOW: a broken install fails here, not at a later call. */
	library->handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
	if (library->handle)
		return 0;
	const char *reason = dlerror();
	snprintf(message, message_size, "%s (Debian package %s) could not be loaded: %s", library->soname,
	         library->package, reason ? reason : "unknown error");
	return -1;
}

void *gesto_library_symbol(const struct gesto_library *library, const char *name, char *message, size_t message_size)
{
	void *symbol = dlsym(library->handle, name);
	if (!symbol)
		snprintf(message, message_size, "%s (Debian package %s) has no %s: is the package too old?",
		         library->soname, library->package, name);
	return symbol;
}

void gesto_library_unavailable(const char *message)
{
	fprintf(stderr, "gesto: %s\n", message);
	abort();
}
