#ifndef LARDER_ALLOCATOR_H
#define LARDER_ALLOCATOR_H

#include <stdint.h>

// The memory allocator the `larder` program runs on: jemalloc, from
// Debian's libjemalloc-dev, in place of glibc's malloc (allocator.c says
// why). Only the LarderCLI target depends on this, so only the program
// (and what links it) changes allocator, never the library's users.

/// jemalloc's version ("5.3.0-0-g…"), or NULL when jemalloc is not
/// answering (its control interface failed).
const char *larder_allocator_version(void);

/// The number of arenas jemalloc was set up with (0 when it is not
/// answering).
unsigned larder_allocator_arenas(void);

/// jemalloc's transparent huge pages setting ("always", "never",
/// "default"), or NULL when jemalloc is not answering.
const char *larder_allocator_huge_pages(void);

/// Bytes the calling thread has allocated through jemalloc so far: more
/// than zero once it serves the program's `malloc`, zero if another
/// `malloc` came first in symbol lookup and jemalloc serves nothing.
uint64_t larder_allocator_thread_allocated(void);

#endif
