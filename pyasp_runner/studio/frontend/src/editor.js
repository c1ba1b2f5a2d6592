// The rules editor of solve-asp studio: CodeMirror 6 with line numbers, ASP
// highlighting and clingo's errors as diagnostics. Bundled by `npm run build`
// into ../static/editor.min.js, which the package ships (no CDN).
import { EditorState } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  StreamLanguage, syntaxHighlighting, HighlightStyle, bracketMatching,
} from "@codemirror/language";
import { linter, lintGutter, setDiagnostics } from "@codemirror/lint";
import { tags } from "@lezer/highlight";

// clingo's input language (gringo): comments, directives, strings, numbers,
// variables (upper case or _), terms, `not`, and the operators of rules.
const asp = StreamLanguage.define({
  name: "asp",
  startState: () => ({ blockComment: false }),
  token(stream, state) {
    if (state.blockComment) {
      if (stream.skipTo("*%")) { stream.match("*%"); state.blockComment = false; }
      else stream.skipToEnd();
      return "blockComment";
    }
    if (stream.eatSpace()) return null;
    if (stream.match("%*")) { state.blockComment = true; return "blockComment"; }
    if (stream.match("%")) { stream.skipToEnd(); return "lineComment"; }
    if (stream.match(/^#[a-z]+/)) return "keyword";
    if (stream.match(/^"(?:[^"\\]|\\.)*"/)) return "string";
    if (stream.match(/^\d+/)) return "number";
    if (stream.match(/^not\b/)) return "operatorKeyword";
    if (stream.match(/^_*[A-Z][A-Za-z0-9_']*/) || stream.match(/^_\b/)) return "variableName";
    if (stream.match(/^_*[a-z][A-Za-z0-9_']*/)) return "atom";
    if (stream.match(/^(:-|:~|\.\.|!=|<=|>=|==|[=<>+\-*\/\\|&^?@])/)) return "operator";
    if (stream.match(/^[(){}\[\];:,.]/)) return "punctuation";
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "%", block: { open: "%*", close: "*%" } } },
});

// Colours with weight and style too, so the rules read without colour.
const aspStyle = HighlightStyle.define([
  { tag: tags.comment, color: "#6a737d", fontStyle: "italic" },
  { tag: tags.keyword, color: "#8250df", fontWeight: "bold" },
  { tag: tags.operatorKeyword, color: "#cf222e", fontWeight: "bold" },
  { tag: tags.string, color: "#0a3069" },
  { tag: tags.number, color: "#0550ae" },
  { tag: tags.variableName, color: "#953800", fontWeight: "bold" },
  { tag: tags.atom, color: "#116329" },
  { tag: tags.operator, color: "#cf222e" },
]);

function create(parent, doc, onChange) {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), drawSelection(),
        history(), bracketMatching(), lintGutter(), linter(null),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        asp, syntaxHighlighting(aspStyle),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && onChange) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
}

function getText(view) { return view.state.doc.toString(); }

function setText(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

// errors: [{line, column, message}] with 1-based line and column (clingo's).
function showErrors(view, errors) {
  const doc = view.state.doc;
  const diagnostics = errors.map((error) => {
    const line = doc.line(Math.min(Math.max(error.line, 1), doc.lines));
    const from = Math.min(line.from + Math.max(error.column - 1, 0), line.to);
    const to = Math.max(Math.min(from + 1, line.to), from);
    return { from, to, severity: "error", message: error.message };
  });
  view.dispatch(setDiagnostics(view.state, diagnostics));
  if (diagnostics.length) {
    view.dispatch({ selection: { anchor: diagnostics[0].from },
                    effects: EditorView.scrollIntoView(diagnostics[0].from, { y: "center" }) });
  }
}

window.StudioEditor = { create, getText, setText, showErrors };
