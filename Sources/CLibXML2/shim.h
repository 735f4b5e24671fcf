/* libxml2 (Debian: libxml2-dev): the XML reader for Touchégg's config, with line numbers and
   errors that say where. Its headers live under include/libxml2 (pkg-config libxml-2.0). */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
