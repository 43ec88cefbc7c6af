#ifndef LARDER_CCMARKGFM_SHIM_H
#define LARDER_CCMARKGFM_SHIM_H

// The core library and the GFM extensions (table, strikethrough, autolink,
// tasklist). Only LarderMarkdown imports this module.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

#endif
