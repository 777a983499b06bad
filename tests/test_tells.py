"""ai-tells' weighted tells (receipt_gate_hooks.tells): each tell finds what it says, a
page refuses only when several weigh past the threshold per 1,000 words, and the
finding names every tell and its lines.

The rates behind the weights are measured by benchmarks/precision.py --tells on public
AI-written and human writing (docs/checks.md); here, what the check does with them.
"""

from __future__ import annotations

import re

import pytest

from receipt_gate.base.text import Draft
from receipt_gate_hooks import ai_tells
from receipt_gate_hooks.tells import MIN_TELLS, MIN_WORDS, SOURCES, TELLS, THRESHOLD, score
from tests.conftest import Repo, Run


def _check(text: str, **settings: object) -> list[str]:
    check = ai_tells.make({**ai_tells.settings, **settings})
    return [
        f"{f.line}:{f.col}: {f.message}"
        for f in check(Draft("drafts/a.md", text.encode(), text)).findings
    ]


@pytest.mark.parametrize("tell", TELLS, ids=[t.label for t in TELLS])
def test_each_tell_finds_its_example_and_names_a_source(tell: object) -> None:
    from receipt_gate_hooks.tells import Tell

    assert isinstance(tell, Tell)
    got = score(tell.example, [tell])
    assert [h.tell.label for h in got.hits] == [tell.label], tell.example
    # every match holds an anchor: a page without one may skip the tell
    for m in re.finditer(tell.pattern, tell.example.lower()):
        assert any(
            a in m.group() or a in tell.example.lower()[m.start() : m.end() + 20]
            for a in tell.anchors
        ), (tell.label, m.group())
    assert tell.source in SOURCES and 0 < tell.weight <= 2


def test_labels_are_unique_and_the_defaults_are_what_the_docs_say() -> None:
    assert len({t.label for t in TELLS}) == len(TELLS)
    assert (THRESHOLD, MIN_TELLS, MIN_WORDS) == (12, 3, 300)
    assert ai_tells.settings["threshold"] == THRESHOLD


HUMAN_WITH_ONE_TELL = """\
---
title: Release notes
---
# Release notes

We delve into the new cache today. It keeps the last build's objects on disk and
reads them back when nothing changed, so a rebuild of an untouched site takes a
second instead of a minute.
"""

DENSE = """\
---
title: Our journey
---
# Our journey

In conclusion, this journey is a testament to the power of resilience. It plays a
crucial role in our vivid story and continues to inspire people around the world.
"""


def test_one_tell_in_human_writing_is_no_finding() -> None:
    assert _check(HUMAN_WITH_ONE_TELL) == []


def test_a_page_dense_with_tells_is_one_finding_naming_each_tell_and_its_lines() -> None:
    (finding,) = _check(DENSE)
    assert finding.startswith("2:12: AI tells weigh "), finding  # the title is read too
    assert "refuses at 12 with 3" in finding
    for said in (
        '"in conclusion" (line 6)',
        '"journey" (lines 2, 4, 6)',
        '"a testament to" (line 6)',
        '"around the world" (line 7)',
    ):
        assert said in finding, finding


def test_the_threshold_min_tells_and_tells_setting_decide() -> None:
    assert _check(DENSE, threshold=1000) == []
    assert _check(DENSE, min_tells=50) == []
    assert _check(DENSE, tells=False) == []
    assert _check(HUMAN_WITH_ONE_TELL, threshold=1, min_tells=1) != []


def test_a_long_page_dilutes_the_same_tells() -> None:
    plain = "The build reads the cache and writes the site to disk as before.\n\n" * 150
    assert _check(DENSE + "\n" + plain) == []


def test_code_and_someone_elses_quote_add_nothing() -> None:
    in_code = (
        "# Notes\n\n```\nIn conclusion, this journey is a testament to the power of"
        " resilience.\n```\n"
    )
    assert _check(in_code) == []
    quoted = (
        "# Notes\n\n" + "Plain words about the cache. " * 8 + "\n\nThe brochure said:"
        "\n\n> In conclusion, this journey is a testament to the power of resilience.\n"
    )
    assert _check(quoted) == []


def test_a_description_block_quote_is_read_as_the_pages_own_words() -> None:
    """A site whose pages open with a block quote as their description: those are the
    author's words, and a banned phrase (or dense tells) there is a finding."""
    page = (
        "---\ntitle: Caching\n---\n> In conclusion, this journey is a testament to the"
        " power of resilience.\n\nThe cache keeps objects on disk.\n"
    )
    assert [f.split(": ", 1)[1][:15] for f in _check(page)] == ["AI tells weigh "]
    banned = "---\ntitle: Caching\n---\n> In conclusion, the cache is fast.\n\nBody.\n"
    assert _check(banned) == []  # one tell alone: no finding
    assert _check(banned, phrases=["in conclusion"]) == ['4:3: banned phrase "in conclusion"']
    assert _check(banned, phrases=["in conclusion"], check_blockquotes=False) != []


def test_a_suppression_comment_takes_its_block_out_of_the_sum(repo: Repo, rg: Run) -> None:
    """What a comment covers is left out of the sum; a finding only it makes is placed in
    it, so the receipt keeps it as suppressed (a suppression is never silent)."""
    from receipt_gate.rules.suppress import covered

    page = DENSE.replace(
        "# Our journey\n",
        "# Our trip\n\n<!-- receipt-gate: ignore ai-tells -- a quoted brochure -->",
    )
    (finding,) = _check(page)
    assert int(finding.split(":")[0]) in covered(page, "ai-tells")
    assert _check(page, suppressions=False)[0].startswith("2:12: ")
    repo.write(".receipt-gate.yaml", 'drafts: ["drafts/*.md"]\nrequired: [ai-tells]\n')
    repo.write("drafts/a.md", page)
    assert rg("run")[0] == 0
    out = rg("status")[1]
    assert "AI tells weigh" in out and "[suppressed by comment at line 6" in out, out


def test_the_finding_is_known_to_a_baseline_by_what_it_is_about() -> None:
    from receipt_gate.checks import Outcome
    from receipt_gate.checks.baseline import key
    from receipt_gate.rules.suppress import by_baseline

    check = ai_tells.make(dict(ai_tells.settings))
    (f,) = check(Draft("drafts/a.md", DENSE.encode(), DENSE)).findings
    edited = DENSE.replace("vivid", "long")  # one tell fewer: lighter, no new tell
    (g,) = check(Draft("drafts/a.md", edited.encode(), edited)).findings
    assert f.message != g.message and key(f).startswith("weighted AI tells at ")
    excused = by_baseline(Outcome([g], 1), [key(f)], "b.json", key)
    assert excused.findings == [] and len(excused.suppressed) == 1
    back = by_baseline(Outcome([f], 1), [key(g)], "b.json", key)  # the heavier page
    assert back.findings == [f]


def test_a_page_that_is_mostly_quotation_is_read_whole() -> None:
    """A draft cannot hide its own prose by giving it a quotation's shape."""
    dense = "In conclusion, this journey is a testament to the power of resilience."
    page = f"# Notes\n\nAs I put it:\n\n> {dense}\n"
    assert _check(page) != []
    cited = f"# Notes\n\n{'Plain words about the cache. ' * 8}\n\nThe brochure said:\n\n> {dense}\n"
    assert _check(cited) == []


_PAD = " ".join(["the cat sat on a mat"] * 400)  # 2,400 words
DENSE_TEXT = (
    "In conclusion, this journey is a testament to the power of resilience. It plays a"
    " crucial role in our lives, fostering a profound sense of belonging. Moreover, the"
    " vibrant community continues to inspire people around the world."
)


@pytest.mark.parametrize(
    "wrap",
    [
        pytest.param("<span hidden>{}</span>", id="hidden-span"),
        pytest.param("<div hidden>\n{}\n</div>", id="hidden-div"),
        pytest.param('<p style="display: none">{}</p>', id="display-none"),
        pytest.param('<p style="font-size:0">{}</p>', id="font-size-0"),
        pytest.param("<noscript>{}</noscript>", id="noscript"),
        pytest.param("*[HTML]: {}", id="abbreviation-definition"),
        pytest.param("[^pad]: {}", id="unreferenced-footnote"),
        pytest.param("{{% comment %}}{}{{% endcomment %}}", id="liquid-comment"),
        # The fifth pass: other ways a reader is not shown the padding.
        pytest.param("{{% capture junk %}}{}{{% endcapture %}}", id="liquid-capture"),
        # The fourteenth: raw output opening a comment that later raw output closes.
        pytest.param(
            "{{::nomarkdown}}<!--{{:/nomarkdown}}\n\n{}\n\n{{::nomarkdown}}-->{{:/nomarkdown}}",
            id="kramdown-raw-comment",
        ),
        pytest.param('{{{{ "<!--" }}}}\n\n{}\n\n{{{{ "-->" }}}}', id="liquid-printed-comment"),
        # The fifteenth: an MDX expression over paragraphs (Docusaurus reads .md as MDX).
        pytest.param("{{false && <>\n\n{}\n\n</>}}", id="mdx-expression"),
        pytest.param("{{% if false %}}{}{{% endif %}}", id="liquid-condition"),
        pytest.param('{}\n{{: style="display:none"}}', id="kramdown-attribute-list"),
        pytest.param('<div style="display:/**/none">{}</div>', id="css-comment"),
        pytest.param('<div style="dis\\play:none">{}</div>', id="css-escape"),
        pytest.param('<div style="display&#58;none">{}</div>', id="entity-in-style"),
        pytest.param('<div style="color:transparent">{}</div>', id="transparent"),
        pytest.param('<div style="transform:scale(0)">{}</div>', id="scaled-to-nothing"),
        pytest.param('<div style="position:absolute;left:-9999px">{}</div>', id="off-screen"),
        pytest.param("<dialog>{}</dialog>", id="closed-dialog"),
        pytest.param("<datalist>{}</datalist>", id="datalist"),
        pytest.param("<video>{}</video>", id="fallback-text"),
        pytest.param('<svg width="0">{}</svg>', id="zero-size-svg"),
        pytest.param('<input type="hidden" value="{}">', id="an-attribute-value"),
        pytest.param('{{:h: style="display:none"}}\n\n*{}*{{:h}}', id="kramdown-definition"),
        pytest.param("<![CDATA[ {} ]]>", id="cdata"),
        pytest.param("<? {} ?>", id="processing-instruction"),
        pytest.param("Notes {{::comment}}{}{{:/}}", id="kramdown-comment-short-close"),
        pytest.param('Notes {{::nomarkdown type="latex"}}{}{{:/}}', id="raw-for-latex-only"),
        pytest.param(
            '<style>.x {{display: none}}</style>\n\n<div class="x">{}</div>',
            id="a-page-style-sheet-and-a-class",
        ),
        # The tenth: MkDocs' default theme hides `.d-none`; the page names no style sheet.
        pytest.param('<div class="d-none">{}</div>', id="a-theme-class"),
        # Python-Markdown's attr_list: the colon is optional, a bare word an attribute.
        pytest.param("{}\n{{ hidden }}", id="attr-list-bare-word"),
        pytest.param("{}\n{{hidden}}", id="attr-list-bare-word-tight"),
        pytest.param("{}\n{{ .d-none }}", id="attr-list-class-no-colon"),
        # The eleventh: kramdown's comment over blank lines (an HTML comment on the page).
        pytest.param("{{::comment}}\n\n{}\n\n{{:/comment}}", id="kramdown-comment-blank-lines"),
        # The twelfth: MDX's comment, an ES module line, a JSX style object; an HTML
        # block's text (Hugo omits raw HTML by default).
        pytest.param("{{/*\n\n{}\n\n*/}}", id="mdx-comment"),
        pytest.param('export const pad = "{}";', id="mdx-export"),
        pytest.param('<div style={{{{display: "none"}}}}>\n\n{}\n\n</div>', id="jsx-style"),
        pytest.param("<div>\n{}\n</div>", id="html-block-hugo-omits"),
    ],
)
def test_words_no_reader_sees_do_not_dilute_the_tells(wrap: str) -> None:
    """An outside pass (the fourth): 2,400 words hidden in the page took a dense draft
    under the threshold."""
    assert _check(DENSE + "\n" + wrap.format(_PAD) + "\n") != []
    assert _check(DENSE + "\n" + _PAD + "\n") == []  # shown, the same words do dilute


def test_words_in_multimarkdown_metadata_do_not_dilute_the_tells() -> None:
    """MkDocs reads `Key: value` lines at the top of a page as its data."""
    page = "Summary: " + _PAD + "\nAuthor: x\n\n" + DENSE.split("---\n", 2)[2]
    assert _check(page) != []


def test_words_in_an_unshown_front_matter_key_do_not_dilute_the_tells() -> None:
    page = DENSE.replace("title: Our journey\n", f"title: Our journey\nnotes: {_PAD}\n")
    assert _check(page) != []


def test_a_tell_that_runs_into_a_link_is_the_authors() -> None:
    linked = (
        "# Notes\n\nIn [conclusion](#), this trip is a [testament](#) to the [power](#) of"
        " friends. It plays a [crucial](#) role in our lives, giving a [sense](#) of home.\n\n"
        "People [around](#) the world see the [importance](#) of it, and it continues [to](#)"
        " inspire them.\n"
    )
    assert _check(linked) != []
    # A tell wholly inside a link's text is a title (someone else's words): not counted.
    titles = (
        "# Reading\n\nI read [In Conclusion: A Testament to the Power of Resilience](x),"
        " [Navigating the Complexities](y) and [A Rich Tapestry](z) this week. The first"
        " was long and the second short; the third I have not finished, and I read it on"
        " the train to work, where the light is good in the morning.\n"
    )
    assert _check(titles) == []


def test_a_page_made_of_link_text_is_read_whole() -> None:
    """An outside pass (the fifth): each AI sentence made a link to nowhere hid every
    tell from the weighing, as link text (titles) is left out."""
    sentences = [
        "In conclusion, this journey is a testament to the power of resilience.",
        "It plays a crucial role in our lives, fostering a profound sense of belonging.",
        "Moreover, the vibrant community continues to inspire people around the world.",
    ]
    page = "# Notes\n\n" + " ".join(f"[{s}](#)" for s in sentences) + "\n"
    assert _check(page) != []
    assert _check("# Notes\n\n" + " ".join(sentences) + "\n") != []


def test_a_pre_styled_or_built_as_prose_is_read() -> None:
    """The sixth outside pass: AI paragraphs in `<pre style="white-space:pre-wrap;
    font-family:inherit">` read as paragraphs, and ai-tells took them for code."""
    styled = f'<pre style="white-space:pre-wrap;font-family:inherit">\n{DENSE_TEXT}\n</pre>\n'
    built = f"<pre><p>{DENSE_TEXT}</p></pre>\n"
    assert _check(styled) != [] and _check(built) != []
    assert _check(f"<pre>\n{DENSE_TEXT}\n</pre>\n") == []  # a plain <pre> is code


@pytest.mark.parametrize(
    "tag",
    [
        '<iframe srcdoc="<p>{}</p>"></iframe>',
        '<input type="text" value="{}" readonly>',
        '<style>.x::after {{ content: "{}"; }}</style><p class="x">Grew.</p>',
    ],
)
def test_what_an_attribute_shows_is_weighed(tag: str) -> None:
    """The sixth outside pass: AI paragraphs in an iframe's srcdoc passed; what a page
    shows from an attribute is read for the banned phrases, and now weighed too."""
    page = "# Notes\n\n" + "\n\n".join(tag.format(s + ".") for s in DENSE_TEXT.split(". "))
    assert any("AI tells weigh" in f for f in _check(page + "\n"))


@pytest.mark.parametrize(
    "opener",
    [
        '=== "Summary"',
        "!!! note",
        "??? note",
        "???+ note",
        "Resilience\n:   What it is.",
        "!!!note",  # the eleventh pass: the blank after the marks is optional
        "???+note",
        '===!+ "Tab"',
        '===+! "Tab"',
    ],
)
def test_an_extension_body_indented_after_a_blank_line_is_read(opener: str) -> None:
    """The tenth outside pass: MkDocs shows a tab's, an admonition's or a definition's
    indented body as paragraphs; CommonMark reads it as code, and so did the check."""
    body = "\n\n".join("    " + p for p in DENSE_TEXT.split(". "))
    assert any("AI tells weigh" in f for f in _check(f"# Guide\n\n{opener}\n\n{body}\n"))
    # After a plain paragraph too: code to CommonMark, a paragraph to Eleventy (round 65).
    assert any("AI tells weigh" in f for f in _check(f"# Guide\n\nRun this:\n\n{body}\n"))


@pytest.mark.parametrize(
    "include",
    [
        "{{#include parts/f1.md}}",
        '--8<-- "snips/ai.txt"',
        "--8<--\nsnips/ai.txt\n--8<--",
        "{{#rustdoc_include parts/f1.md}}",  # the eleventh pass
        "{% include_relative frag.inc %}",
        '{% include "./posts/frag.txt" %}',
        '{% renderFile "../posts/frag.md" %}',
        "{% include_relative frag.inc\n%}",  # the twelfth: over two lines, any extension
        "{{#include parts/f1.md\n}}",
        '{% include "./posts/frag.inc" %}',
    ],
    ids=[
        *("mdbook", "snippets", "snippets-block", "rustdoc", "jekyll", "eleventy", "render"),
        *("jekyll-two-lines", "mdbook-two-lines", "eleventy-other-extension"),
    ],
)
def test_another_files_text_included_in_prose_is_a_finding(include: str) -> None:
    """The tenth outside pass: a chapter of seven included fragments, each passing alone,
    showed fourteen tells; an include in prose is a finding, in a code block none."""
    found = _check(f"# Guide\n\nA plain opening line here.\n\n{include}\n")
    assert found and all("includes another file's text here" in f for f in found)
    assert _check(f"# Guide\n\nA plain opening line here.\n\n```text\n{include}\n```\n") == []


@pytest.mark.parametrize(
    "text",
    [
        "\\{{#include frag.md}}",
        '{% include "datasources.md" %}',
        "{% include note.html %}",
        '{{% include "/_common/gitignore-public.md" %}}',
    ],
    ids=["escaped", "an-includes-folder-page", "a-partial", "a-hugo-shortcode"],
)
def test_what_includes_no_file_of_prose_by_path_is_no_finding(text: str) -> None:
    """mdBook prints an escaped include as it is; a layout's partial, or a page of the
    includes folder, is the site's own (a known limit: Eleventy's docs include theirs)."""
    assert _check(f"# Guide\n\nA plain opening line here.\n\n{text}\n") == []


def test_a_raw_pair_in_prose_is_read() -> None:
    """The eleventh pass: `{% raw %}` only keeps Liquid from reading what it holds; the
    page prints it and kramdown renders a paragraph. In a code block it stays code."""
    raw = f"# Notes\n\nOpening line.\n\n{{% raw %}}\n{DENSE_TEXT}\n{{% endraw %}}\n"
    assert any("AI tells weigh" in f for f in _check(raw))
    fenced = f"# Notes\n\nOpening line.\n\n```\n{{% raw %}}\n{DENSE_TEXT}\n{{% endraw %}}\n```\n"
    assert _check(fenced) == []


@pytest.mark.parametrize(
    "sample",
    ['```js\nconst r = require("./README.md")\n```', 'It loads `require("./README.md")` first.'],
)
def test_a_require_in_a_code_sample_is_no_include(sample: str) -> None:
    """A review: a require() in a code block or a code span is code, not an include."""
    page = "# Guide\n\nA plain opening line here.\n\n" + sample + "\n"
    assert not any("includes another file" in f for f in _check(page)), page


@pytest.mark.parametrize(
    ("imported", "used"),
    [
        ('import Frag from "./_frag.mdx";', "<Frag />"),
        # The seventeenth: a call, a named default, a lower-case name, a namespace, an
        # import over several lines.
        ('import Frag from "./_frag.mdx";', "{Frag({})}"),
        ('import {default as Frag} from "./_frag.mdx";', "<Frag />"),
        ('import frag from "./_frag.md";', "{frag()}"),
        ('import * as F from "./_frag.mdx";', "<F.default />"),
        ('import {\n  default as Frag,\n} from "./_frag.mdx";', "<Frag />"),
        # The eighteenth: required, or imported in an expression.
        ("", '{require("./_frag.mdx").default()}'),
        ("", '{React.createElement((await import("./_frag.mdx")).default)}'),
    ],
)
def test_an_mdx_page_that_prints_another_it_imports_is_a_finding(imported: str, used: str) -> None:
    """The twelfth pass: `import Frag from "./_frag.mdx"` then `<Frag />` printed a
    partial of AI prose (partials are not gated: `_*`)."""
    page = f"{imported}\n\n# Guide\n\nA plain opening line here.\n\n"
    assert any("includes another file's text" in f for f in _check(page + used + "\n"))
    assert _check(page) == []  # imported, never used


@pytest.mark.parametrize(
    "shape",
    [
        '<Admonition type="note" title="{}">\nShort.\n</Admonition>',
        '<Tabs>\n<TabItem value="a" label="{}">\nShort.\n</TabItem>\n</Tabs>',
        "<div>{{`{}`}}</div>",
    ],
    ids=["admonition-title", "tab-label", "template-literal"],
)
def test_what_an_mdx_component_or_expression_prints_is_weighed(shape: str) -> None:
    """The twelfth pass: AI prose as an Admonition's title, a tab's label, or a template
    literal in an MDX expression is on the page, and was read as an attribute or code."""
    page = "# Notes\n\nA few words first.\n\n" + shape.format(DENSE_TEXT) + "\n"
    assert any("AI tells weigh" in f for f in _check(page))


@pytest.mark.parametrize(
    "shape",
    [
        '{{{{ "{}" }}}}',
        "{{{{ '{}' | strip }}}}",
        '{{% assign s = "{}" %}}{{{{ s }}}}',
        '---\ntitle: Notes\nsaid: "{}"\n---\n{{{{ page.said }}}}',
        '{{% assign s = "{}" | append: "" %}}{{{{ s }}}}',
        '{{% assign s = "{}" | strip %}}{{% assign t = s %}}{{{{ t }}}}',
        "{{% capture s %}}{}{{% endcapture %}}{{{{ s }}}}",
    ],
    ids=["literal", "filtered", "assigned", "own-value", "assigned-append", "chain", "captured"],
)
def test_what_a_liquid_output_tag_prints_is_weighed(shape: str) -> None:
    """The fourteenth pass: Jekyll printed `{{ "AI prose" }}` as a paragraph, and the
    weighing had read it as a template tag."""
    body = shape.format(DENSE_TEXT)
    head, _, tail = body.rpartition("---\n") if body.startswith("---") else ("", "", body)
    page = f"{head}{'---' + chr(10) if head else ''}# Notes\n\nA few words first.\n\n{tail}\n"
    assert any("AI tells weigh" in f for f in _check(page)), page


def test_a_count_liquid_prints_does_not_dilute() -> None:
    """The fifteenth pass: 2,400 words given to `size` printed one number, and diluted
    the tells as if they were shown."""
    pad = '{{ "' + _PAD + '" | size }}'
    page = DENSE + "\n" + pad + "\n"
    assert any("AI tells weigh" in f for f in _check(page)), page


def test_a_name_assigned_through_a_filter_that_changes_it_is_refused_where_printed() -> None:
    page = "# Notes\n\nOpening.\n\n" + '{% assign s = "a b" | split: "@" %}{{ s }}\n'
    assert any("template code computes" in f for f in _check(page)), page


@pytest.mark.parametrize("param", ["caption", "title", "attr"])
def test_what_hugos_figure_prints_is_weighed(param: str) -> None:
    """The fourteenth pass: Hugo printed a figure's caption, title and attribution in
    its figcaption; the check had read the shortcode as a tag."""
    page = f'# Notes\n\nA photo.\n\n{{{{< figure src="/a.png" {param}="{DENSE_TEXT}" >}}}}\n'
    assert any("AI tells weigh" in f for f in _check(page)), page


@pytest.mark.parametrize(
    "shape",
    [
        '{{{{< say "{}" >}}}}',
        '{{{{< note text="{}" >}}}}',
        '![A photo](/a.png "{}")',
        "![{}](/a.png)",
        # The seventeenth: an include's and an Eleventy shortcode's parameter, a Hugo
        # shortcode's unquoted words, a link's title, fences a render hook or a custom
        # fence prints as text.
        '{{% include note.html text="{}" %}}',
        '{{% note "{}" %}}',
        "{{{{< say {} >}}}}",
        '[sources](/x "{}")',
        '[sources][s]\n\n[s]: /x "{}"',
        "[sources][s]\n\n[s]: /x\n  '{}'",
        '[sources](</x y> "{}")',
        '[sources](/x "notes\\" {}")',
        '[sources](/x "notes\n{}")',
        '{{{{< note\n  kind="tip" >}}}}\n```text\n{}\n```\n{{{{< /note >}}}}',
        "```note\n{}\n```",
        "~~~~ callout\n{}\n~~~~",
        "```mermaid\n{}\n```",
        # The eighteenth: such a fence in a list item or a quote, in superfences' brace
        # form; a fence or an indented block inside a paired shortcode or tag, whose
        # inner text the site's code prints as it is.
        "- item\n\n    ```note\n    {}\n    ```",
        "> ```note\n> {}\n> ```",
        "```{{.note}}\n{}\n```",
        "{{{{< note >}}}}\n```text\n{}\n```\n{{{{< /note >}}}}",
        "{{{{< note >}}}}\n\n    {}\n\n{{{{< /note >}}}}",
        "{{% note %}}\n```text\n{}\n```\n{{% endnote %}}",
    ],
    ids=[
        "shortcode-positional",
        "shortcode-named",
        "image-title",
        "image-alt",
        "include-param",
        "eleventy-shortcode",
        "shortcode-unquoted",
        "link-title",
        "reference-title",
        "reference-title-next-line",
        "angle-destination-title",
        "title-escaped-quote",
        "title-over-lines",
        "shortcode-opened-over-lines",
        "fence-note",
        "fence-callout",
        "fence-mermaid",
        "fence-in-list",
        "fence-in-quote",
        "fence-brace",
        "shortcode-inner-fence",
        "shortcode-inner-indent",
        "paired-tag-inner-fence",
    ],
)
def test_what_a_sites_own_code_may_print_is_read_for_its_tells(shape: str) -> None:
    """The fifteenth pass: a site's shortcode printed `.Get 0`, and an image render hook
    the image's title or alt text (Hugo's documented pattern); the check read them as a
    tag's parameters and an attribute. They are read for their tells."""
    page = "# Notes\n\nA few words first.\n\n" + shape.format(DENSE_TEXT) + "\n"
    assert any("AI tells weigh" in f for f in _check(page)), page


@pytest.mark.parametrize(
    "shape",
    [
        "```python\n{}\n```",
        "```js\n{}\n```",
        "```console\n{}\n```",
        "```text\n{}\n```",
        "```\n{}\n```",
        "```{{.python}}\n{}\n```",
        "```js:title=app.js\n{}\n```",
        "```output\n{}\n```",
        "{{% highlight text %}}\n```text\n{}\n```\n{{% endhighlight %}}",
        "{{{{% note %}}}}\n```text\n{}\n```\n{{{{% /note %}}}}",  # (markdown inside)
        # A review: Liquid's own blocks change nothing of how markdown reads a fence.
        "{{% raw %}}\n```markdown\n{}\n```\n{{% endraw %}}",
        "{{% if x %}}\n```markdown\n{}\n```\n{{% endif %}}",
    ],
)
def test_a_fence_of_code_is_not_read_for_tells(shape: str) -> None:
    """A fence naming a language of code shows code: what it holds is no prose."""
    page = "# Notes\n\nA few plain words about the tool.\n\n" + shape.format(DENSE_TEXT) + "\n"
    assert not any("AI tells weigh" in f for f in _check(page)), page


def test_what_a_sites_own_code_may_print_does_not_dilute() -> None:
    """...and not counted as words shown: padding in a parameter no layout prints."""
    pad = '{{< hide "' + _PAD + '" >}}'
    page = DENSE + "\n" + pad + "\n"
    assert any("AI tells weigh" in f for f in _check(page)), page
