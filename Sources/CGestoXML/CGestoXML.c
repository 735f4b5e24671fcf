/* The accessors of CGestoXML.h over libxml2 (see the header for why they exist), and the seven
 * libxml2 functions they call, behind trampolines with libxml2's own names and signatures that
 * open libxml2 (and ICU behind it) at the first import of a Touchégg config, not at the
 * start of every gestoctl command (gesto_loader.h says how). */
#include "CGestoXML.h"
#include "gesto_loader.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Hidden from here to the accessors: the trampolines bind only inside gesto's binary. */
#pragma GCC visibility push(hidden)
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#define GESTO_XML_FUNCTIONS(F, P) \
	F(xmlDocPtr, xmlCtxtReadMemory, (xmlParserCtxtPtr ctxt, const char *buffer, int size, const char *URL, const char *encoding, \
	  int options), (ctxt, buffer, size, URL, encoding, options)) \
	F(xmlNodePtr, xmlDocGetRootElement, (const xmlDoc *doc), (doc)) \
	P(xmlFreeDoc, (xmlDocPtr cur), (cur)) \
	P(xmlFreeParserCtxt, (xmlParserCtxtPtr ctxt), (ctxt)) \
	F(long, xmlGetLineNo, (const xmlNode *node), (node)) \
	F(xmlParserCtxtPtr, xmlNewParserCtxt, (void), ()) \
	F(__typeof__(xmlCtxtGetLastError(NULL)), xmlCtxtGetLastError, (void *ctx), (ctx))

/* libxml2 2.15 changed the soname: sid's libxml2.so.16 (package libxml2-16) first, then
 * libxml2.so.2 of Debian 12 and 13 (package libxml2); the gesto package depends on either.
 * gesto is compiled against Debian 12's headers and uses, across both sonames, only functions
 * whose signatures did not change and the node, attribute and error structs that libxml2
 * keeps stable: the parser context is opaque here (its last error comes from
 * xmlCtxtGetLastError, not from the context's fields, whose layout 2.14 changed; its return type
 * gained a const in 2.12, so the trampoline takes the type the headers give). */
#define GESTO_XML_LIBRARIES(L) L(libxml2, "libxml2.so.16 libxml2.so.2", "libxml2-16 or libxml2", GESTO_XML_FUNCTIONS)
GESTO_FAMILY(GESTO_XML_LIBRARIES)
#pragma GCC visibility pop

gesto_xml_document *
gesto_xml_read(const char *bytes, int length, long *error_line, long *error_column, char *message, size_t message_size)
{
	const char *unavailable = gesto_family_open();
	if (unavailable) {
		*error_line = 1;
		*error_column = 1;
		snprintf(message, message_size, "%s", unavailable);
		return NULL;
	}
	xmlParserCtxtPtr context = xmlNewParserCtxt();
	if (!context) {
		*error_line = 1;
		*error_column = 1;
		snprintf(message, message_size, "cannot start libxml2's parser");
		return NULL;
	}
	int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOBLANKS;
	xmlDocPtr document = xmlCtxtReadMemory(context, bytes, length, "touchegg.conf", "UTF-8", options);
	if (!document) {
		const xmlError *error = xmlCtxtGetLastError(context);
		*error_line = error && error->line > 0 ? error->line : 1;
		*error_column = error && error->int2 > 0 ? error->int2 : 1;
		snprintf(message, message_size, "%s", error && error->message ? error->message : "not well-formed XML");
	}
	xmlFreeParserCtxt(context);
	return (gesto_xml_document *)document;
}

void gesto_xml_free(gesto_xml_document *document) { xmlFreeDoc((xmlDocPtr)document); }

const gesto_xml_node *gesto_xml_root(const gesto_xml_document *document)
{
	return (const gesto_xml_node *)xmlDocGetRootElement((const xmlDoc *)document);
}

const gesto_xml_node *gesto_xml_first_child(const gesto_xml_node *node) { return (const gesto_xml_node *)((const xmlNode *)node)->children; }
const gesto_xml_node *gesto_xml_next(const gesto_xml_node *node) { return (const gesto_xml_node *)((const xmlNode *)node)->next; }
int gesto_xml_type(const gesto_xml_node *node) { return (int)((const xmlNode *)node)->type; }
const char *gesto_xml_name(const gesto_xml_node *node) { return (const char *)((const xmlNode *)node)->name; }

const char *gesto_xml_content(const gesto_xml_node *node)
{
	const xmlNode *n = (const xmlNode *)node;
	return (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) ? (const char *)n->content : NULL;
}

long gesto_xml_line(const gesto_xml_node *node) { return xmlGetLineNo((const xmlNode *)node); }

const gesto_xml_attribute *gesto_xml_first_attribute(const gesto_xml_node *node)
{
	const xmlNode *n = (const xmlNode *)node;
	return n->type == XML_ELEMENT_NODE ? (const gesto_xml_attribute *)n->properties : NULL;
}

const gesto_xml_attribute *gesto_xml_next_attribute(const gesto_xml_attribute *attribute)
{
	return (const gesto_xml_attribute *)((const xmlAttr *)attribute)->next;
}

const char *gesto_xml_attribute_name(const gesto_xml_attribute *attribute) { return (const char *)((const xmlAttr *)attribute)->name; }

const gesto_xml_node *gesto_xml_attribute_children(const gesto_xml_attribute *attribute)
{
	return (const gesto_xml_node *)((const xmlAttr *)attribute)->children;
}
