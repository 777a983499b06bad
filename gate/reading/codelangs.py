"""The languages a fence may name for code (the lexers' names and aliases of Chroma,
Pygments, Rouge, Prism and highlight.js that docs use): a fence naming one shows code. A
fence naming another (`note`, `mermaid`, a site's own) may be printed as text by a render
hook or a custom fence."""

from __future__ import annotations

import re

_CODE = frozenset(
    """
    abap actionscript ada agda apache apacheconf apex apl applescript arduino armasm asm
    asciidoc adoc aspx autohotkey awk bash bat batch bazel bib bibtex bicep c c# c++ cabal
    caddyfile cfg cfml chapel cjs clj cljs clojure cmake cmd cobol coffee coffeescript
    common-lisp conf config console coq cpp cr crystal cs csharp csp css csv cts cuda cue
    cypher d dart dax delphi diff django docker dockerfile dosbatch dot dts dtd ebnf edn
    eex ejs elixir elm emacs-lisp erb erl erlang ex exs f# fennel fish fortran fs fsharp
    gas gdscript gherkin git gitignore gleam glsl gnuplot go go-html-template
    go-text-template golang gql gradle graphql groovy h haml handlebars haskell haxe hbs
    hcl hlsl hs html htm http hy idris ini io j java javascript jinja jinja2 jl js json
    json5 jsonc jsonl jsonnet jsx julia kotlin kt kts latex less lhs liquid lisp llvm lua
    m make makefile mako markdown mason mathematica matlab md mdx mjs ml mts
    mysql nasm nginx nim nix njk nu nunjucks objc objective-c objectivec ocaml odin
    openscad pascal perl php pl plaintext plpgsql pony postcss postgres postgresql
    powershell prisma prolog promql properties proto protobuf ps ps1 psql pug puppet
    purescript py py3 pycon pytb python python3 q qml r racket raku razor rb re reason
    regex rego rescript rest rs rst ruby rust sas sass scala scheme scss sed sh
    shell shell-session shellscript shellsession sieve slim smali smalltalk sml solidity
    sparql sql sqlite squirrel ssh-config stan starlark stylus svelte svg swift
    systemd systemverilog tcl tex terraform text tf thrift toml ts tsql tsv tsx turtle
    twig txt typescript typoscript udiff v vala vb vbnet vbscript verilog vhdl vim
    viml vue wasm wast wat wgsl xml xquery xsl xslt yaml yml zig zsh
    output log logs none plain nohighlight no-highlight raw ansi term terminal stdout
    stderr sample example result
    """.split()
)


def is_code(lang: str) -> bool:
    """Does this fence language (its info string's first word) name code?"""
    lang = re.split(r"[:,=;]", lang.lower(), maxsplit=1)[0]  # (`js:title=x`, `py,linenos`)
    lang = lang.removeprefix("language-").removeprefix("lang-")
    return lang in _CODE or lang.endswith(("-session", "console", "-template", "-repl"))
