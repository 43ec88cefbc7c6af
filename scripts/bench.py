#!/usr/bin/env python3
"""The benchmark behind scripts/bench (run that; see docs/performance.md).

Python 3 standard library only. Times larder's commands on generated kitchens
(scripts/benchkitchen.py) and, when Hugo is installed, a minimal Hugo site
of the same pages, and prints medians of wall time, CPU time and peak memory.
"""

import argparse
import datetime
import http.client
import json
import os
import platform
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in scripts/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkitchen  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECRET = "benchmark secret, not for real sites"


class Failure(Exception):
    pass


class Sample:
    """One timed run of a child process: wall and CPU seconds, peak RSS."""

    def __init__(self, wall, cpu, rss_kb):
        self.wall, self.cpu, self.rss_kb = wall, cpu, rss_kb


def timed(argv, env, stdout=subprocess.DEVNULL, cwd=None):
    """Runs argv and measures it with wait4: its own rusage only, so the
    peak RSS is the child's (and its children's), not this script's."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdout=stdout, stderr=err, env=env, cwd=cwd)
        try:
            _, status, usage = os.wait4(child.pid, 0)
        except BaseException:  # interrupted: no child left writing into the outputs
            child.kill()
            child.wait()
            raise
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            err.seek(0)
            message = err.read().decode(errors="replace")[-4000:]
            raise Failure(f"{shlex.join(argv)} exited with {child.returncode}:\n{message}")
    return Sample(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


class Row:
    def __init__(self, key, label, samples):
        self.key, self.label, self.samples = key, label, samples

    def median(self, field):
        return statistics.median(getattr(s, field) for s in self.samples)

    def range(self, field):
        values = [getattr(s, field) for s in self.samples]
        return min(values), max(values)


def seconds(value):
    return f"{value:.3f} s" if value < 1 else f"{value:.2f} s"


def megabytes(kb):
    return f"{kb / 1024:.0f} MB"


def log(message):
    print(message, file=sys.stderr, flush=True)


def build_larder():
    log("building larder (swift build -c release --static-swift-stdlib --product larder)…")
    result = subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "larder"], cwd=ROOT,
                            stdout=sys.stderr, stderr=sys.stderr)
    if result.returncode != 0:
        raise Failure("swift build -c release failed")
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout.strip()
    return os.path.join(path, "larder")


def output(argv, cwd=None):
    try:
        return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def machine():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
            memory = f", {kb / 1024 / 1024:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{cores} cores ({cpu}){memory}, Linux {platform.release()}"


def bench_base(requested):
    if requested:
        return requested
    if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
        return "/dev/shm/larder-bench"
    return os.path.join(tempfile.gettempdir(), "larder-bench")


def folder_size(path):
    files = size = 0
    for folder, _, names in os.walk(path):
        for name in names:
            files += 1
            size += os.path.getsize(os.path.join(folder, name))
    return files, size


STEPS = ("check", "check-cold", "build", "noop", "recipe", "config", "serve", "share", "print", "hugo")


def supports(larder, argv, option):
    """Whether `larder ARGV` (a --help) mentions `option`: an older binary,
    timed for a comparison, may not have it."""
    return option in output([larder] + argv)


def remove(paths):
    for path in paths:
        shutil.rmtree(path, ignore_errors=True)
    # Never let the removal of many files overlap the next timed run: on a
    # disk (not tmpfs) the file system is still busy with it for a while.
    os.sync()
    time.sleep(0.5)


def remove_site(site):
    """A site larder built and what the build keeps beside it (`.<name>.larder-*`)."""
    parent, name = os.path.split(site)
    for entry in os.listdir(parent):
        if entry.startswith(f".{name}.larder-"):
            path = os.path.join(parent, entry)
            if os.path.isdir(path):
                shutil.rmtree(path, ignore_errors=True)
            else:
                os.remove(path)
    remove([site])


def edited(text, marker):
    """The recipe with its first direction step changed: the line "1. …" of
    a Markdown recipe, the first paragraph after a Cooklang file's front
    matter."""
    lines = text.split("\n")
    cooklang = lines[0] == "---" and not any(line.startswith("1. ") for line in lines)
    body = lines.index("---", 1) + 1 if cooklang else 0
    for k, line in enumerate(lines[body:], body):
        if line.startswith("1. ") or (cooklang and line and not line.startswith(("==", ">"))):
            lines[k] = line + f" ({marker})"
            return "\n".join(lines)
    raise Failure("the edited recipe has no step")


def kitchen_folder(folder, fmt):
    """The kitchen of one size and format: `kitchen` for the mixed one."""
    return os.path.join(folder, "kitchen" if fmt == "mixed" else f"kitchen-{fmt}")


def bench_size(n, args, larder, hugo, base):
    folder = os.path.join(base, str(n))
    kitchen = kitchen_folder(folder, args.format)
    log(f"\n== {n:,} recipes: kitchen in {kitchen}")
    started = time.perf_counter()
    info = benchkitchen.generate(n, kitchen, os.path.join(ROOT, "Examples/kitchen/images"), args.format)
    log(f"kitchen ready ({time.perf_counter() - started:.1f} s)")
    runs = os.path.join(folder, f"runs-{os.getpid()}")
    os.makedirs(runs)
    # check's parse cache goes with the runs, not into the user's ~/.cache.
    env = dict(os.environ, LARDER_SECRET=SECRET, NO_COLOR="1", SOURCE_DATE_EPOCH="1767225600",
               XDG_CACHE_HOME=os.path.join(runs, "cache"))
    rows = []
    steps = set(args.steps.split(",")) if args.steps else set(STEPS)

    def series(key, label, make_argv, before=None, stdout=subprocess.DEVNULL):
        if key not in steps:
            return None
        samples = []
        for k in range(args.runs):
            if before:
                before(k)
            if args.rest:
                # As after an edit: the memory the last run freed has gone
                # back to the host (docs/performance.md, "Huge pages").
                time.sleep(args.rest)
            samples.append(timed(make_argv(k), env, stdout))
        row = Row(key, label, samples)
        rows.append(row)
        log(f"  {label}: {seconds(row.median('wall'))}, {megabytes(row.median('rss_kb'))}")
        return row

    try:
        # Untimed: the kitchen must check clean (and the binary be warm);
        # this check also leaves the parse cache the "check" row starts from,
        # once the files just generated are older than the 2 s a cache does
        # not trust.
        time.sleep(2.1)
        timed([larder, "check", kitchen], env)
        series("check", "check (after a check: its parse cache)", lambda k: [larder, "check", kitchen])
        if supports(larder, ["check", "--help"], "--no-cache"):
            series("check-cold", "check --no-cache (every file read)", lambda k: [larder, "check", "--no-cache", kitchen])
        full = [os.path.join(runs, f"site-{k}") for k in range(args.runs)]

        def remove_site_before(k):
            # Each run starts as the first did: the last run's site (and
            # the files beside it) removed, untimed. Kept, 5 sites of
            # 200 MB in tmpfs made each run slower than the one before
            # (the kernel's time per run grew 0.43 -> 1.01 s at 10,000
            # recipes), and the median depended on the number of runs.
            if k > 0:
                remove_site(full[k - 1])
        if not series("build", "build, full (new output folder)", lambda k: [larder, "build", kitchen, "-o", full[k]],
                      before=remove_site_before):
            # The rebuild steps need a site to rebuild.
            full = full[-1:]
            if steps & {"noop", "recipe", "config"}:
                timed([larder, "build", kitchen, "-o", full[-1]], env)
        site = full[-1]
        site_files, site_bytes = folder_size(site) if os.path.isdir(site) else (0, 0)
        remove(full[:-1])
        build_again = [larder, "build", kitchen, "-o", site]
        series("noop", "rebuild, nothing changed", lambda k: build_again)

        recipe = os.path.join(kitchen, info["edit_recipe"])
        with open(recipe, encoding="utf-8") as f:
            original_recipe = f.read()
        config = os.path.join(kitchen, "larder.json")
        with open(config, encoding="utf-8") as f:
            original_config = f.read()
        try:
            def edit_recipe(k):
                with open(recipe, "w", encoding="utf-8") as f:
                    f.write(edited(original_recipe, f"edit {k + 1}"))

            series("recipe", "rebuild, one recipe edited", lambda k: build_again, before=edit_recipe)
            with open(recipe, "w", encoding="utf-8") as f:
                f.write(original_recipe)

            def edit_config(k):
                with open(config, "w", encoding="utf-8") as f:
                    f.write(original_config.replace('"title": "Benchmark kitchen"',
                                                    f'"title": "Benchmark kitchen, edit {k + 1}"', 1))

            series("config", "rebuild, larder.json edited", lambda k: build_again, before=edit_config)
        finally:
            with open(recipe, "w", encoding="utf-8") as f:
                f.write(original_recipe)
            with open(config, "w", encoding="utf-8") as f:
                f.write(original_config)
        if "serve" in steps:
            samples = serve_samples(larder, kitchen, recipe, env, args.runs)
            row = Row("serve", "serve, one recipe edited (save to reload)", samples)
            rows.append(row)
            log(f"  {row.label}: {seconds(row.median('wall'))}, {megabytes(row.median('rss_kb'))}")
        series("share", f"share {info['list']}", lambda k: [larder, "share", info["list"], "--dir", kitchen])
        sheet = os.path.join(runs, "sheet.html")
        series("print", f"print {info['list']}",
               lambda k: [larder, "print", info["list"], "--dir", kitchen, "-o", sheet])
        remove([site])

        if hugo and args.format != "cook" and "hugo" in steps:
            site_dir = os.path.join(folder, "hugo" if args.format == "mixed" else f"hugo-{args.format}")
            benchkitchen.hugo_site(kitchen, site_dir)
            cache = os.path.join(runs, "hugo-cache")
            outs = [os.path.join(runs, f"hugo-{k}") for k in range(args.runs)]
            hugo_argv = lambda k: [hugo, "--quiet", "--source", site_dir, "--destination", outs[k],
                                   "--cacheDir", cache, "--noBuildLock"]
            timed(hugo_argv(0), env)  # untimed: fills Hugo's cache folder
            remove([outs[0]])
            # As for larder's full builds: each run after the last one's output is removed.
            series("hugo", "Hugo: hugo --quiet, full (new output folder)", hugo_argv,
                   before=lambda k: remove([outs[k - 1]]) if k > 0 else None)
    finally:
        shutil.rmtree(runs, ignore_errors=True)
    return {"n": n, "info": info, "rows": rows, "site_files": site_files, "site_bytes": site_bytes}


def serve_samples(larder, kitchen, recipe, env, runs, edit=None, listening=None, output=None):
    """`larder serve` on the kitchen, its first build done; then, `runs`
    times, the recipe changed (`edit(text, marker)`; by default its first
    step, as the one-recipe row changes it) and the time until the
    server's reload event arrives, with the CPU time the server spent
    meanwhile (/proc) and its peak memory so far. `listening` is told the
    seconds the server took to build and listen, and `output` what it
    printed on stderr, at the end. The recipe is restored after. Also
    scripts/bench-serve's."""
    edit = edit or edited
    started = time.perf_counter()
    # Into a file, not a pipe nobody reads while the server runs.
    errors = tempfile.TemporaryFile(mode="w+")
    server = subprocess.Popen([larder, "serve", kitchen, "--port", "0"], stdout=subprocess.PIPE,
                              stderr=errors, text=True, env=env)

    def printed():
        errors.seek(0)
        return errors.read()

    def cpu():
        try:
            with open(f"/proc/{server.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except OSError:
            return 0.0

    def peak_kb():
        try:
            with open(f"/proc/{server.pid}/status") as f:
                return int(re.search(r"VmHWM:\s+(\d+)", f.read()).group(1))
        except (OSError, AttributeError):
            return 0

    with open(recipe, encoding="utf-8") as f:
        original = f.read()
    try:
        line = server.stdout.readline()
        found = re.search(r":(\d+)/", line)
        if not found:
            server.wait(timeout=30)
            raise Failure(f"larder serve did not start: {line}{printed()[-2000:]}")
        if listening:
            listening(time.perf_counter() - started)
        connection = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=600)
        connection.request("GET", "/_larder/events")
        response = connection.getresponse()

        def next_event():
            name = None
            while True:
                text = response.readline().decode()
                if not text:
                    raise Failure("larder serve closed its event stream")
                if text.startswith("event: "):
                    name = text[7:].strip()
                elif text.startswith("data: "):
                    return name

        if next_event() != "hello":
            raise Failure("larder serve's event stream did not start with hello")
        samples = []
        for k in range(runs):
            time.sleep(0.5)
            before = cpu()
            start = time.perf_counter()
            with open(recipe, "w", encoding="utf-8") as f:
                f.write(edit(original, f"serve {k + 1}"))
            event = next_event()
            wall = time.perf_counter() - start
            if event != "reload":
                raise Failure(f"larder serve answered the save with {event}")
            samples.append(Sample(wall, cpu() - before, peak_kb()))
        return samples
    finally:
        with open(recipe, "w", encoding="utf-8") as f:
            f.write(original)
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        if output:
            output(printed())
        errors.close()


HISTORY_COMMITS = 1000


def history_repository(kitchen):
    """Makes the benchmark kitchen a git repository with HISTORY_COMMITS
    commits over its Markdown lists (two authors; each commit adds, ticks or
    removes an item of one list), once: a repository already made is kept.
    The commits after the first go through one `git fast-import`."""
    ready = os.path.join(kitchen, ".git", "larder-bench-history")
    if os.path.exists(ready):
        return
    shutil.rmtree(os.path.join(kitchen, ".git"), ignore_errors=True)
    env = dict(os.environ, GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1",
               GIT_AUTHOR_NAME="Ana", GIT_AUTHOR_EMAIL="ana@example.org", GIT_AUTHOR_DATE="1767225600 +0100",
               GIT_COMMITTER_NAME="Ana", GIT_COMMITTER_EMAIL="ana@example.org", GIT_COMMITTER_DATE="1767225600 +0100")
    def git(*argv, **kwargs):
        subprocess.run(["git", *argv], cwd=kitchen, env=env, check=True, stdout=subprocess.DEVNULL, **kwargs)
    git("init", "-q", "-b", "main")
    git("add", "-A")
    git("commit", "-q", "-m", "the kitchen")
    names = sorted(n for n in os.listdir(os.path.join(kitchen, "lists")) if n.endswith(".md"))
    texts = {}
    for name in names:
        with open(os.path.join(kitchen, "lists", name), encoding="utf-8") as f:
            texts[name] = f.read().rstrip("\n") + "\n"
    extra = {name: [] for name in names}
    stream = []
    for k in range(1, HISTORY_COMMITS):
        name = names[k % len(names)]
        items = extra[name]
        step = (k // len(names)) % 3
        if step == 0 or not items:
            items.append([f"bench item {k}", False])
        elif step == 1:
            items[-1][1] = not items[-1][1]
        else:
            items.pop(0)
        text = texts[name] + "".join(f"- [{'x' if done else ' '}] {item}\n" for item, done in items)
        author = "Ana <ana@example.org>" if k % 2 else "Ben <ben@example.org>"
        when = f"{1767225600 + k * 3600} +0100"
        message = f"{name}: step {k}\n".encode()
        body = text.encode()
        stream += [f"commit refs/heads/main\nauthor {author} {when}\ncommitter {author} {when}\n".encode(),
                   f"data {len(message)}\n".encode(), message,
                   b"from refs/heads/main^0\n" if k == 1 else b"",
                   f"M 100644 inline lists/{name}\ndata {len(body)}\n".encode(), body, b"\n"]
    git("fast-import", "--quiet", input=b"".join(stream))
    git("checkout", "-q", "-f", "main")
    with open(ready, "w") as f:
        f.write(f"{HISTORY_COMMITS} commits\n")


def bench_history(args, larder, base):
    """A full build of the 1,000-recipe kitchen whose 100 lists have 1,000
    commits of history, with list pages showing it and without (larder.json's
    history.show), alternated run by run; then a rebuild with no new commit
    (the history from its cache), larder history and share --suggest."""
    folder = os.path.join(base, "history")
    kitchen = os.path.join(folder, "kitchen")
    log(f"\n== history: 1,000 recipes, {HISTORY_COMMITS:,} commits over the lists, in {kitchen}")
    info = benchkitchen.generate(1000, kitchen, os.path.join(ROOT, "Examples/kitchen/images"))
    history_repository(kitchen)
    env = dict(os.environ, LARDER_SECRET=SECRET, NO_COLOR="1", SOURCE_DATE_EPOCH="1767225600")
    config = os.path.join(kitchen, "larder.json")
    with open(config, encoding="utf-8") as f:
        original = json.load(f)
    runs = os.path.join(folder, f"runs-{os.getpid()}")
    os.makedirs(runs)
    samples = {"on": [], "off": [], "cached": [], "history": [], "suggest": []}
    try:
        def configure(show):
            with open(config, "w", encoding="utf-8") as f:
                json.dump(dict(original, history={"show": show}), f, indent=2, ensure_ascii=False)
        configure(True)
        timed([larder, "check", kitchen], env)
        for k in range(args.runs):
            for mode in ("on", "off"):
                configure(mode == "on")
                samples[mode].append(timed([larder, "build", kitchen, "-o", os.path.join(runs, f"{mode}-{k}")], env))
        configure(True)
        site = os.path.join(runs, "on-0")
        weekly = os.path.join(kitchen, "lists", "weekly.md")
        with open(weekly, encoding="utf-8") as f:
            text = f.read()
        try:
            for k in range(args.runs):
                with open(weekly, "w", encoding="utf-8") as f:
                    f.write(text + f"- [ ] uncommitted {k}\n")
                samples["cached"].append(timed([larder, "build", kitchen, "-o", site], env))
        finally:
            with open(weekly, "w", encoding="utf-8") as f:
                f.write(text)
        for k in range(args.runs):
            samples["history"].append(timed([larder, "history", info["list"], "--dir", kitchen], env))
            samples["suggest"].append(timed([larder, "share", info["list"], "--suggest", "--dir", kitchen], env))
    finally:
        with open(config, "w", encoding="utf-8") as f:
            json.dump(original, f, indent=2, ensure_ascii=False)
            f.write("\n")
        shutil.rmtree(runs, ignore_errors=True)
    rows = [Row("on", "build, full, history shown (git log + cat-file)", samples["on"]),
            Row("off", "build, full, no history", samples["off"]),
            Row("cached", "rebuild, a list edited, no new commit (history cache)", samples["cached"]),
            Row("history", f"history {info['list']}", samples["history"]),
            Row("suggest", f"share {info['list']} --suggest", samples["suggest"])]
    for row in rows:
        log(f"  {row.label}: {seconds(row.median('wall'))}")
    return {"rows": rows}


def history_table(result, markdown):
    rows = result["rows"]
    body = [[row.label, seconds(row.median("wall")), seconds(row.median("cpu")), megabytes(row.median("rss_kb"))]
            for row in rows]
    on, off = rows[0], rows[1]
    body.append(["history's cost in a full build (shown - not)",
                 seconds(on.median("wall") - off.median("wall")), seconds(on.median("cpu") - off.median("cpu")), ""])
    return grid(["step", "wall", "cpu", "peak RSS"], body, markdown, right=(1, 2, 3))


def bench_compare(n, args, larder, base):
    """check and a full build of the same recipes in Markdown and in
    Cooklang, the two alternated run by run so that the machine's noise falls
    on both alike."""
    folder = os.path.join(base, str(n))
    images = os.path.join(ROOT, "Examples/kitchen/images")
    formats = ("markdown", "cook")
    kitchens = {fmt: kitchen_folder(folder, fmt) for fmt in formats}
    log(f"\n== {n:,} recipes, Markdown and Cooklang: kitchens in {folder}")
    infos = {fmt: benchkitchen.generate(n, kitchens[fmt], images, fmt) for fmt in formats}
    rows = alternated(folder, args.runs, [
        (fmt, [larder, "check", kitchens[fmt]], lambda site, fmt=fmt: [larder, "build", kitchens[fmt], "-o", site])
        for fmt in formats
    ])
    return {"n": n, "infos": infos, "rows": rows}


def alternated(folder, runs, series):
    """Rows of check and a full build for each of `series` (a key, check's
    argv, and build's argv for an output folder), the series taking turns
    run by run (the order reversed every other run), so that the machine's
    noise falls on all alike. Each check runs once untimed first (it must
    pass; it warms the binary and fills the check's cache, kept with the
    runs); each build goes into a new folder, removed with what it keeps
    beside it before the next run."""
    scratch = os.path.join(folder, f"runs-{os.getpid()}")
    os.makedirs(scratch)
    env = dict(os.environ, LARDER_SECRET=SECRET, NO_COLOR="1", SOURCE_DATE_EPOCH="1767225600",
               XDG_CACHE_HOME=os.path.join(scratch, "cache"))
    samples = {(key, step): [] for key, _, _ in series for step in ("check", "build")}
    try:
        for _, check, _ in series:
            timed(check, env)
        for k in range(runs):
            for key, check, build in series if k % 2 == 0 else reversed(series):
                samples[(key, "check")].append(timed(check, env))
                site = os.path.join(scratch, f"site-{key}-{k}")
                samples[(key, "build")].append(timed(build(site), env))
                remove_site(site)
            log(f"  run {k + 1} of {runs} done")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return {key: Row(key, key[1], values) for key, values in samples.items()}


def compare_table(result, markdown):
    return pair_table(result, markdown, ("markdown", "Markdown"), ("cook", "Cooklang"), "check", digits=2)


def pair_table(result, markdown, first, second, check_label, digits):
    """check's and the full build's medians of two alternated series
    (`first`, `second`: each a key in result["rows"] and a name), and
    the second's over the first's."""
    (a, a_name), (b, b_name) = first, second
    header = ["step", f"{a_name} wall", f"{b_name} wall", f"{b_name} ÷ {a_name}, wall",
              f"{a_name} CPU", f"{b_name} CPU", f"{b_name} ÷ {a_name}, CPU"]
    body = []
    for step, label in (("check", check_label), ("build", "build, full (new output folder)")):
        old, new = result["rows"][(a, step)], result["rows"][(b, step)]
        body.append([label, seconds(old.median("wall")), seconds(new.median("wall")),
                     f"{new.median('wall') / old.median('wall'):.{digits}f}×",
                     seconds(old.median("cpu")), seconds(new.median("cpu")),
                     f"{new.median('cpu') / old.median('cpu'):.{digits}f}×"])
    return grid(header, body, markdown, right=set(range(1, len(header))))


def bench_against(n, args, larder, other, base):
    """check --no-cache and a cold full build of one kitchen by two
    binaries, alternated run by run (`alternated`): what a change did,
    measured in the same minutes."""
    folder = os.path.join(base, str(n))
    kitchen = kitchen_folder(folder, args.format)
    log(f"\n== {n:,} recipes, {other} against {larder}: kitchen in {kitchen}")
    info = benchkitchen.generate(n, kitchen, os.path.join(ROOT, "Examples/kitchen/images"), args.format)
    rows = alternated(folder, args.runs, [
        (which, [binary, "check", "--no-cache", kitchen], lambda site, binary=binary: [binary, "build", kitchen, "-o", site])
        for which, binary in (("before", other), ("after", larder))
    ])
    return {"n": n, "info": info, "rows": rows}


def against_table(result, markdown):
    return pair_table(result, markdown, ("before", "before"), ("after", "after"), "check --no-cache", digits=3)


def kitchen_line(result):
    info = result["info"]
    kinds = (f"{info['recipes']:,} Cooklang" if info.get("cook_recipes") else
             f"{info['recipes'] - info['json_recipes']:,} Markdown, {info['json_recipes']:,} JSON")
    return (f"{info['recipes']:,} recipes ({kinds}), {info['lists']:,} lists ({info['unlisted_lists']:,} unlisted); "
            f"the site: {result['site_files']:,} files, {result['site_bytes'] / 1e6:.0f} MB")


def table(result, markdown):
    header = ["step", "wall, median", "min–max", "CPU, median", "peak memory"]
    body = []
    for row in result["rows"]:
        low, high = row.range("wall")
        body.append([row.label, seconds(row.median("wall")), f"{low:.3f}–{high:.3f}",
                     seconds(row.median("cpu")), megabytes(row.median("rss_kb"))])
    return grid(header, body, markdown, right={1, 2, 3, 4})


def grid(header, body, markdown, right=()):
    if markdown:
        lines = ["| " + " | ".join(header) + " |",
                 "| " + " | ".join("---:" if k in right else "---" for k in range(len(header))) + " |"]
        return "\n".join(lines + ["| " + " | ".join(cells) + " |" for cells in body])
    widths = [max(len(r[k]) for r in [header] + body) for k in range(len(header))]
    cell = lambda k, text: text.rjust(widths[k]) if k in right else text.ljust(widths[k])
    lines = ["  ".join(cell(k, t) for k, t in enumerate(r)).rstrip() for r in [header] + body]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def row(result, key):
    return next((r for r in result["rows"] if r.key == key), None)


def hugo_lines(result):
    ours, theirs = row(result, "build"), row(result, "hugo")
    if not ours or not theirs:
        return []
    time_ratio = ours.median("wall") / theirs.median("wall")
    memory_ratio = ours.median("rss_kb") / theirs.median("rss_kb")
    return [f"larder ÷ Hugo, full build: {time_ratio:.2f}× the wall time "
            f"({'faster' if time_ratio < 1 else 'slower'}: Hugo {seconds(theirs.median('wall'))}), "
            f"{memory_ratio:.2f}× the peak memory (Hugo {megabytes(theirs.median('rss_kb'))})"]


def growth(results, markdown):
    header = ["step"] + [f"{r['n']:,}" for r in results]
    for a, b in zip(results, results[1:]):
        header.append(f"×{b['n'] / a['n']:g} recipes")
    body = []
    for first in results[0]["rows"]:
        rows = [row(r, first.key) for r in results]
        if None in rows:
            continue
        cells = [first.label] + [f"{seconds(x.median('wall'))} ({seconds(x.median('cpu'))} CPU), "
                                 f"{megabytes(x.median('rss_kb'))}" for x in rows]
        for a, b in zip(rows, rows[1:]):
            cells.append(f"×{b.median('wall') / a.median('wall'):.1f} wall, ×{b.median('cpu') / a.median('cpu'):.1f} CPU, "
                         f"×{b.median('rss_kb') / a.median('rss_kb'):.1f} memory")
        body.append(cells)
    return grid(header, body, markdown, right=set(range(1, len(header))))


def load_note(before, after):
    note = f"load average {before:.1f} at the start, {after:.1f} at the end"
    if max(before, after) > (os.cpu_count() or 1):
        note += " (more than the cores: other work competed with the runs)"
    return note


def size(text):
    """1000, 10_000 or 10k."""
    text = text.strip().lower().replace("_", "")
    return int(text[:-1]) * 1000 if text.endswith("k") else int(text)


def main(argv):
    parser = argparse.ArgumentParser(prog="scripts/bench", description=(
        "Times larder check, build, rebuilds, share and print on generated kitchens of N recipes and "
        "N/10 lists, and Hugo on the same pages when it is installed; prints medians."))
    parser.add_argument("--sizes", default="1000,10000",
                        help="recipe counts, comma-separated: 1000,10000 (the default), 10k,50k")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each step (default 5)")
    parser.add_argument("--larder", help="the larder binary to time (default: build it in release mode)")
    parser.add_argument("--hugo", default=shutil.which("hugo"), help="the hugo binary (default: hugo on PATH)")
    parser.add_argument("--no-hugo", action="store_true", help="skip the Hugo comparison")
    parser.add_argument("--rest", type=float, default=0,
                        help="seconds to wait before each timed run, as a build after an edit waits (default 0: "
                             "back to back)")
    parser.add_argument("--dir", help="where kitchens and outputs go (default /dev/shm/larder-bench)")
    parser.add_argument("--markdown", action="store_true", help="print the tables as Markdown, for docs/")
    parser.add_argument("--format", choices=benchkitchen.FORMATS, default="mixed",
                        help="the recipes' format: mixed (Markdown and one in four JSON, the default), "
                             "markdown, or cook (Cooklang .cook files in folders)")
    parser.add_argument("--history", action="store_true",
                        help="only the history case: a full build of 1,000 recipes whose 100 lists have 1,000 commits, "
                             "with list pages showing history and without, alternated; larder history; share --suggest "
                             "(the repository is made once in --dir)")
    parser.add_argument("--steps", help="only these steps, comma-separated: " + ",".join(STEPS) +
                        " (the rebuild steps noop, recipe and config build the site once, untimed, without build)")
    parser.add_argument("--against", metavar="BINARY",
                        help="only check --no-cache and a full build, by BINARY (before) and the larder timed "
                             "(after) alternated run by run; prints both medians and their ratio")
    parser.add_argument("--compare-cook", action="store_true",
                        help="only check and a full build, of the same recipes in Markdown and in Cooklang, "
                             "alternated; prints the ratio")
    args = parser.parse_args(argv)
    try:
        sizes = [size(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        parser.error(f"--sizes: numbers separated by commas, not {args.sizes!r}")
    if not sizes or min(sizes) < 1 or args.runs < 1:
        parser.error("--sizes and --runs need numbers of at least 1")
    command = "scripts/bench" + ("" if not argv else " " + shlex.join(argv))
    hugo = None if args.no_hugo else args.hugo
    # Ended by a signal, it still removes its outputs (the finally clauses).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    # The commit of the code measured: looked up before the minutes the runs take.
    commit = output(["git", "describe", "--always", "--dirty", "--abbrev=12"], cwd=ROOT) or "not a git checkout"
    load_before = os.getloadavg()[0]
    try:
        larder = os.path.abspath(args.larder) if args.larder else build_larder()
        if not os.access(larder, os.X_OK):
            raise Failure(f"no larder binary at {larder}")
        base = bench_base(args.dir)
        if args.history:
            results = [bench_history(args, larder, base)]
        elif args.compare_cook:
            results = [bench_compare(n, args, larder, base) for n in sizes]
        elif args.against:
            other = os.path.abspath(args.against)
            if not os.access(other, os.X_OK):
                raise Failure(f"no larder binary at {other}")
            results = [bench_against(n, args, larder, other, base) for n in sizes]
        else:
            results = [bench_size(n, args, larder, hugo, base) for n in sizes]
    except Failure as failure:
        log(f"scripts/bench: {failure}")
        return 1

    version = output([larder, "--version"]) or "unknown"
    hugo_version = output([hugo, "version"]).split(" BuildDate")[0] if hugo else ""
    heading = "### " if args.markdown else ""
    lines = [f"{heading}larder benchmark, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC", "",
             f"- command: `{command}` (medians of {args.runs} run{'s' if args.runs > 1 else ''} of each step)",
             f"- larder {version}, commit {commit}" + (f", binary {larder}" if args.larder else ""),
             *([f"- before: {os.path.abspath(args.against)}"] if args.against else []),
             f"- machine: {machine()}; {load_note(load_before, os.getloadavg()[0])}",
             f"- files in {bench_base(args.dir)}" + (" (tmpfs)" if bench_base(args.dir).startswith("/dev/shm") else ""),
             f"- Hugo: {hugo_version}" if hugo else
             "- Hugo: not installed (`apt-get install hugo` adds the comparison)" if not args.no_hugo else
             "- Hugo: skipped (--no-hugo)"]
    if args.compare_cook or args.history or args.against:
        lines = [line for line in lines if not line.startswith("- Hugo")]
    if not args.markdown:
        lines = [line.removeprefix("- ").replace("`", "") for line in lines]
    if args.history:
        lines += ["", "#### History from git" if args.markdown else "== History from git", "",
                  history_table(results[0], args.markdown)]
        print("\n".join(lines))
        return 0
    if args.compare_cook:
        for result in results:
            lines += ["", f"#### {result['n']:,} recipes, Markdown and Cooklang" if args.markdown
                      else f"== {result['n']:,} recipes, Markdown and Cooklang", "",
                      compare_table(result, args.markdown)]
        print("\n".join(lines))
        return 0
    if args.against:
        for result in results:
            lines += ["", f"#### {result['n']:,} recipes, before and after" if args.markdown
                      else f"== {result['n']:,} recipes, before and after", "",
                      against_table(result, args.markdown)]
        print("\n".join(lines))
        return 0
    for result in results:
        lines += ["", f"#### {result['n']:,} recipes" if args.markdown else f"== {result['n']:,} recipes", "",
                  f"Kitchen: {kitchen_line(result)}.", "", table(result, args.markdown)]
        extra = hugo_lines(result)
        if extra:
            lines += [""] + extra
    if len(results) > 1:
        lines += ["", "#### How cost grows with N" if args.markdown else "== How cost grows with N", "",
                  growth(results, args.markdown)]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
