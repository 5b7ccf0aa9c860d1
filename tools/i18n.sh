#!/bin/sh
# The game's gettext catalogues, with Babel (pybabel). Run from anywhere; works on the repository it lives in.
#
#   tools/i18n.sh              extract, update, compile (what you run after wrapping strings or translating)
#   tools/i18n.sh extract      the strings of arcade/**.py (babel.cfg) -> arcade/locale/messages.pot
#   tools/i18n.sh update       messages.pot -> every arcade/locale/<lang>/LC_MESSAGES/messages.po: new strings come in
#                              empty (or "fuzzy" when Babel guesses from a close one), removed ones go
#   tools/i18n.sh compile      every messages.po -> messages.mo, the file the game reads (committed, so a source
#                              checkout, an editable install and `pip install .` all have it)
#   tools/i18n.sh init LANG    start a new language (then add it to arcade.core.i18n.LANGUAGES)
#
# tests/test_i18n.py fails when the template misses a string of the code, a .po has an empty or fuzzy entry, or a .mo
# is not the compilation of its .po: after a change, run this script and commit the three files.
set -eu
cd "$(dirname "$0")/.."
# babel.cfg names the glossary extractor (arcade.core.glossary.extract): the tree must be importable
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
PYBABEL=${PYBABEL:-pybabel}
LOCALE=arcade/locale
POT=$LOCALE/messages.pot
WIDTH=116

extract() {
    tmp=$(mktemp)
    "$PYBABEL" -q extract -F babel.cfg -o "$tmp" --add-location=file --sort-by-file -w "$WIDTH" \
        --add-comments=TRANSLATORS: --project="Grisbi Arcade" --version=0.1 \
        --copyright-holder="Grisbi Arcade contributors" --msgid-bugs-address="" .
    # keep the old template when only its creation date changed (no churn for merges)
    if [ -f "$POT" ] && [ "$(grep -v '^"POT-Creation-Date' "$tmp")" = "$(grep -v '^"POT-Creation-Date' "$POT")" ]; then
        rm "$tmp"
    else
        mv "$tmp" "$POT"
    fi
    echo "$POT: $(grep -c '^msgid "' "$POT") entries (header included)"
}

update() {
    "$PYBABEL" -q update -i "$POT" -d "$LOCALE" -D messages -w "$WIDTH" --ignore-obsolete --previous
}

compile() {
    "$PYBABEL" compile -d "$LOCALE" -D messages --statistics
}

case "${1:-all}" in
    extract) extract ;;
    update) update ;;
    compile) compile ;;
    init) "$PYBABEL" init -i "$POT" -d "$LOCALE" -D messages -w "$WIDTH" -l "${2:?init needs a language code}" ;;
    all) extract; update; compile ;;
    *) echo "usage: tools/i18n.sh [extract|update|compile|init LANG]" >&2; exit 2 ;;
esac
