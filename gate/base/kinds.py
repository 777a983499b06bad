"""File kinds by name: what is writing (a page some generator renders, in markup or as
HTML or a template), the core the lists of page kinds elsewhere extend."""

# Writing: markup, HTML pages and page templates (lower case).
WRITING = (
    ".md",
    ".markdown",
    ".mdown",
    ".mkdn",
    ".mkd",
    ".mdx",
    ".markdoc",
    ".html",
    ".htm",
    ".xhtml",
    ".shtml",
    ".njk",
    ".liquid",
    ".org",
    ".adoc",
    ".asciidoc",
    ".rst",
    ".textile",
)
# Other page markups some generator renders (Hugo's .ad, .pandoc, .pdc; XHTML's .xht).
MORE_MARKUP = (".xht", ".ad", ".pandoc", ".pdc")
