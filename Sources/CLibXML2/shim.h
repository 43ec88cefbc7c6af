#ifndef LARDER_CLIBXML2_SHIM_H
#define LARDER_CLIBXML2_SHIM_H

// libxml2's tolerant HTML parser (the one lxml, and so extruct and
// recipe-scrapers, read pages with). Only LarderImport imports this module.
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding.h would then pull in
// the system's ICU headers, whose declarations clash with the ICU that
// Foundation carries. Larder never touches libxml2's encoding handlers (the
// only structures that change), so they are declared without ICU.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/parser.h>

#endif
