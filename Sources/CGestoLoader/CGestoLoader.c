/* dlopen and dlsym for the library families (see gesto_loader.h for why they are opened late). */
#include "gesto_loader.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gesto_library_open(struct gesto_library *library, char *message, size_t message_size)
{
	/* RTLD_LOCAL: the library's symbols stay out of the global scope, so nothing opened later
	 * binds to them by accident; RTLD_NOW: a broken install fails here, not at a later call. */
	char reasons[384] = "";
	size_t used = 0;
	const char *next = library->soname;
	while (*next) {
		size_t length = strcspn(next, " ");
		if (length > 0 && length < sizeof library->opened) {
			memcpy(library->opened, next, length);
			library->opened[length] = '\0';
			library->handle = dlopen(library->opened, RTLD_NOW | RTLD_LOCAL);
			if (library->handle)
				return 0;
			const char *reason = dlerror();
			int n = snprintf(reasons + used, sizeof reasons - used, "%s%s", used ? "; " : "",
			                 reason ? reason : "unknown error");
			if (n > 0)
				used = used + (size_t)n < sizeof reasons ? used + (size_t)n : sizeof reasons - 1;
		}
		next += length;
		next += strspn(next, " ");
	}
	library->opened[0] = '\0';
	snprintf(message, message_size, "%s (Debian package %s) could not be loaded: %s",
	         library->soname, library->package, reasons);
	return -1;
}

void *gesto_library_symbol(const struct gesto_library *library, const char *name, char *message, size_t message_size)
{
	void *symbol = dlsym(library->handle, name);
	if (!symbol)
		snprintf(message, message_size, "%s (Debian package %s) has no %s: is the package too old?",
		         library->opened, library->package, name);
	return symbol;
}

void gesto_library_unavailable(const char *message)
{
	fprintf(stderr, "gesto: %s\n", message);
	abort();
}
