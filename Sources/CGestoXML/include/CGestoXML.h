/* libxml2 behind a header of its own: Debian's libxml2 headers include ICU's (unicode/),
   whose UErrorCode clashes with the copy inside Foundation's _FoundationICU in any Swift module
   that sees both (the tests). Swift sees only these opaque types and accessors. */
#ifndef CGESTO_XML_H
#define CGESTO_XML_H
#include <stddef.h>

typedef struct gesto_xml_document gesto_xml_document;
typedef struct gesto_xml_node gesto_xml_node;
typedef struct gesto_xml_attribute gesto_xml_attribute;

/* Node kinds, libxml2's values. */
enum { GESTO_XML_ELEMENT = 1, GESTO_XML_TEXT = 3, GESTO_XML_CDATA = 4 };

/* Parses `length` bytes of UTF-8 XML without network access or printed errors. Returns the
   document (free it with gesto_xml_free), or NULL with the error's 1-based line and column
   and message (NUL-terminated, cut to message_size) filled in; when neither libxml2.so.16 nor
   libxml2.so.2 can be opened (it is opened here, on first use), line 1, column 1 and the
   loader's message, which names the sonames and their Debian packages. */
gesto_xml_document *gesto_xml_read(const char *bytes, int length, long *error_line, long *error_column,
                                   char *message, size_t message_size);
void gesto_xml_free(gesto_xml_document *document);

const gesto_xml_node *gesto_xml_root(const gesto_xml_document *document);
const gesto_xml_node *gesto_xml_first_child(const gesto_xml_node *node);
const gesto_xml_node *gesto_xml_next(const gesto_xml_node *node);
int gesto_xml_type(const gesto_xml_node *node);
const char *gesto_xml_name(const gesto_xml_node *node);
/* A text or CDATA node's text; NULL for others. */
const char *gesto_xml_content(const gesto_xml_node *node);
long gesto_xml_line(const gesto_xml_node *node);

const gesto_xml_attribute *gesto_xml_first_attribute(const gesto_xml_node *node);
const gesto_xml_attribute *gesto_xml_next_attribute(const gesto_xml_attribute *attribute);
const char *gesto_xml_attribute_name(const gesto_xml_attribute *attribute);
/* The attribute value's text nodes. */
const gesto_xml_node *gesto_xml_attribute_children(const gesto_xml_attribute *attribute);

#endif
