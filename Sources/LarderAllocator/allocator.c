// Why the program runs on jemalloc: a build is millions of short-lived
// Swift values (strings, arrays, page parts) made and freed on two to four
// threads at once. glibc's malloc grows each thread's arena a page at a
// time (10,521 `mprotect` calls in one full build at 10,000 recipes) and
// gives memory back only to fault it in again; jemalloc keeps per-thread
// caches and grows in large extents. Measured, alternated with the same
// code on glibc (docs/performance.md, "The allocator"): the full build's
// CPU time 5 % lower at 10,000 recipes and 10 % at 50,000, `check
// --no-cache` 4 % lower, the rebuilds unchanged.
//
// Linking libjemalloc ahead of libc puts its `malloc`, `free` and the rest
// first in symbol lookup, so the Swift runtime, libcmark-gfm and libxml2
// all allocate through it. `larder_allocator_thread_allocated` shows it
// does (an end-to-end test checks that the program reports it).

#include "LarderAllocator.h"

#include <jemalloc/jemalloc.h>
#include <stddef.h>

// jemalloc reads its options from this symbol at its first allocation.
//
// Two arenas rather than its default of four per core: the build's worker
// threads are as many as the cores (two here), and fewer arenas keep the
// peak resident size within the 250 MB target at 10,000 recipes (245 MB
// with the default, 233 MB with two), at no measurable cost in time.
//
// No transparent huge pages (jemalloc's default: the system's setting
// decides). Each run is a new process whose every page is a fresh one the
// kernel faults in; huge pages take 7,800 faults where small ones take
// 84,000 (a one-recipe rebuild at 50,000 recipes), and won 8 % on runs made
// back to back. But on a virtual machine that hands idle memory back to its
// host (free page reporting: this one), a huge page is taken from such
// memory and costs the host's faults again, 2 MiB at a time, while small
// pages come from memory the guest used lately. A build run a few seconds
// after the last one, as after an edit, was 15-33 % slower with them
// (docs/performance.md, "Huge pages").
const char *malloc_conf = "narenas:2";

const char *larder_allocator_version(void) {
    const char *version = NULL;
    size_t size = sizeof(version);
    if (mallctl("version", &version, &size, NULL, 0) != 0) return NULL;
    return version;
}

unsigned larder_allocator_arenas(void) {
    unsigned arenas = 0;
    size_t size = sizeof(arenas);
    if (mallctl("opt.narenas", &arenas, &size, NULL, 0) != 0) return 0;
    return arenas;
}

const char *larder_allocator_huge_pages(void) {
    const char *setting = NULL;
    size_t size = sizeof(setting);
    if (mallctl("opt.thp", &setting, &size, NULL, 0) != 0) return NULL;
    return setting;
}

uint64_t larder_allocator_thread_allocated(void) {
    uint64_t allocated = 0;
    size_t size = sizeof(allocated);
    if (mallctl("thread.allocated", &allocated, &size, NULL, 0) != 0) return 0;
    return allocated;
}
