#!/usr/bin/env python3
"""Parses HTML pages the way a browser does (html5lib: the WHATWG parsing
algorithm) and reports everything in them that could run script, load a
frame, restyle the page or send the reader elsewhere, as JSON on stdout.

    html_safety.py PATH...

Each PATH is an .html file or a folder (every .html file under it). The
output is one JSON object: {"pages": [{"path", "scripts", "styles",
"jsonBlocks", "title", "h1", "problems"}]} where

- scripts: every <script> as {"type", "src", "id"} (type and src as written,
  or null); the caller compares them with the theme's own;
- styles: the text of every <style> element (the theme's print sheet has one);
- jsonBlocks: each <script type="application/ld+json"> or
  "application/json" as {"type", "id", "value"} or {"type", "id", "error"}
  when its text is not JSON;
- title, h1: the text of <title> and of the first <h1>, as a reader sees it;
- problems: human-readable findings that no page may have: an on* event
  handler attribute, a style attribute, a javascript:/vbscript:/data: URL
  (after the browser's own clean-up: control characters and spaces trimmed,
  tabs and newlines removed, any case), an element that embeds or redirects
  (iframe, object, embed, base, meta refresh…), a form with an action, an
  attribute name no template writes (the sign of a value breaking out of its
  quotes), SVG content other than shapes.

Exit status: 0 when the pages were read (problems or not), 2 when html5lib is
missing: the caller reads the JSON, not the status.
"""

import json
import re
import sys
from pathlib import Path

HTML = "http://www.w3.org/1999/xhtml"
SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"

# Attributes that take a URL (or a list of them) somewhere in HTML or SVG.
URL_ATTRIBUTES = {
    "href", "src", "action", "formaction", "srcset", "poster", "data", "background", "cite", "ping",
    "manifest", "longdesc", "lowsrc", "dynsrc", "usemap", "icon", "codebase", "archive", "profile",
    "classid", "xlink:href", "imagesrcset",
}
# Elements no page may hold: they embed other documents or code, change
# where relative links go, or are legacy ways to the same.
FORBIDDEN_ELEMENTS = {
    "iframe", "frame", "frameset", "object", "embed", "applet", "base", "portal", "noembed", "xml",
    "import", "param", "template", "slot",
}
SCRIPT_TYPES = {None, "", "text/javascript", "module", "application/javascript"}
DATA_TYPES = {"application/ld+json", "application/json"}
# Shapes the QR code is drawn with; anything else inside <svg> is refused.
SVG_ELEMENTS = {"svg", "path", "rect", "g", "title", "desc"}
ATTRIBUTE_NAME = re.compile(r"^[a-z][a-z0-9-]*(:[a-z][a-z0-9-]*)?$")
# The data: images cmark's safe mode lets through in Markdown.
SAFE_DATA_IMAGE = re.compile(r"^data:image/(png|gif|jpeg|webp)[;,]")


def normalised_url(value):
    """The URL as a browser's URL parser sees its scheme: C0 controls and
    spaces trimmed at both ends, ASCII tab and newlines removed anywhere,
    lowercased."""
    value = value.strip("".join(chr(c) for c in range(0x21)))
    value = re.sub(r"[\t\n\r]", "", value)
    return value.lower()


def dangerous_url(element, name, value):
    candidates = [value]
    if name in ("srcset", "imagesrcset"):
        candidates = [part.strip().split(" ")[0] for part in value.split(",")]
    for candidate in candidates:
        url = normalised_url(candidate)
        if url.startswith(("javascript:", "vbscript:", "livescript:", "mocha:")):
            return url
        if url.startswith("data:"):
            if element == "img" and name == "src" and SAFE_DATA_IMAGE.match(url):
                continue
            return url
    return None


def text_of(element):
    return "".join(element.itertext())


def local(tag):
    """("http://www.w3.org/1999/xhtml", "a") from "{ns}a"."""
    if tag.startswith("{"):
        namespace, _, name = tag[1:].partition("}")
        return namespace, name
    return None, tag


def attribute_name(key):
    namespace, name = local(key)
    if namespace == XLINK:
        return "xlink:" + name
    if namespace == "http://www.w3.org/XML/1998/namespace":
        return "xml:" + name
    if namespace == "http://www.w3.org/2000/xmlns/":
        return "xmlns:" + name if name != "xmlns" else "xmlns"
    return name


def check_page(path, root, html5lib):
    with open(path, "rb") as handle:
        document = html5lib.parse(handle.read(), treebuilder="etree", namespaceHTMLElements=True)
    page = {
        "path": path.relative_to(root).as_posix() if root else path.name,
        "scripts": [],
        "styles": [],
        "jsonBlocks": [],
        "title": None,
        "h1": None,
        "problems": [],
    }
    problems = page["problems"]

    def walk(element, in_svg):
        if not isinstance(element.tag, str):
            return  # a comment
        namespace, name = local(element.tag)
        where = f"<{name}>"
        if namespace not in (HTML, SVG):
            problems.append(f"{where} in namespace {namespace}")
        if namespace == SVG:
            if name not in SVG_ELEMENTS:
                problems.append(f"<svg> holds <{name}>")
        elif in_svg:
            problems.append(f"<svg> holds HTML <{name}>")
        attributes = {attribute_name(key): value for key, value in element.attrib.items()}
        for key, value in attributes.items():
            lowered = key.lower()
            if lowered.startswith("on"):
                problems.append(f"{where} has an event handler {key}={value!r}")
            elif lowered == "style":
                problems.append(f"{where} has a style attribute {value!r}")
            elif lowered == "srcdoc":
                problems.append(f"{where} has srcdoc")
            elif not ATTRIBUTE_NAME.match(key) and key not in ("viewBox", "xmlns"):
                problems.append(f"{where} has an attribute no template writes: {key!r}={value!r}")
            if lowered in URL_ATTRIBUTES:
                url = dangerous_url(name, lowered, value)
                if url is not None:
                    problems.append(f"{where} {key} leads to script or data: {value!r}")
        if name in FORBIDDEN_ELEMENTS:
            problems.append(f"{where} element")
        if name == "meta" and "http-equiv" in attributes:
            if attributes["http-equiv"].lower() != "content-security-policy":
                problems.append(f"<meta http-equiv={attributes['http-equiv']!r}>")
        if name == "form" and "action" in attributes:
            problems.append(f"<form action={attributes['action']!r}>")
        if name == "link":
            rel = attributes.get("rel", "").lower().split()
            if not set(rel) <= {"stylesheet", "canonical"}:
                problems.append(f"<link rel={attributes.get('rel')!r}>")
        if name == "style":
            page["styles"].append(text_of(element))
        if name == "title" and namespace == HTML and page["title"] is None:
            page["title"] = text_of(element)
        if name == "h1" and page["h1"] is None:
            page["h1"] = text_of(element)
        if name == "script":
            kind = attributes.get("type")
            page["scripts"].append({"type": kind, "src": attributes.get("src"), "id": attributes.get("id")})
            if kind in DATA_TYPES:
                block = {"type": kind, "id": attributes.get("id")}
                try:
                    block["value"] = json.loads(text_of(element))
                except ValueError as error:
                    block["error"] = str(error)
                page["jsonBlocks"].append(block)
            elif kind in SCRIPT_TYPES and text_of(element).strip():
                problems.append(f"inline script: {text_of(element)[:80]!r}")
        for child in element:
            walk(child, in_svg or (namespace == SVG))

    walk(document, False)
    return page


def main():
    try:
        import html5lib
    except ImportError as error:
        print(f"html_safety: {error} (run scripts/setup-test-tools)", file=sys.stderr)
        return 2
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    pages = []
    for argument in sys.argv[1:]:
        target = Path(argument)
        if target.is_dir():
            for path in sorted(target.rglob("*.html")):
                pages.append(check_page(path, target, html5lib))
        else:
            pages.append(check_page(target, None, html5lib))
    json.dump({"pages": pages}, sys.stdout, ensure_ascii=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
