// Keys of an order sheet (see order_keys.py). One keydown listener on the document, in the
// capture phase: it acts on the sheets' menus only (never on a text box), whatever widgets were
// drawn again since, and before the menu's own handling (Enter would open the list).

const SHEET = ".tt-sheet";
const ROW = ".tt-row";
const KIND = ".tt-kind select";
const LANDING = ".tt-landing select";

function visible(element) {
  return element !== null && element.getClientRects().length > 0;
}

function focusable(element) {
  if (element === null || element.matches("button, select, input, textarea")) return element;
  return element.querySelector("button, select, input, textarea");
}

// The option whose label is one of `labels` (a label may carry a warning mark after a space).
function optionIndex(select, labels) {
  for (let i = 0; i < select.options.length; i++) {
    const label = select.options[i].value;
    if (labels.some((wanted) => label === wanted || label.startsWith(wanted + " "))) return i;
  }
  return -1;
}

function chooseKind(select, labels) {
  const index = optionIndex(select, labels);
  if (index < 0 || index === select.selectedIndex) return;
  select.selectedIndex = index;
  // The widget sends what the menu shows on its "change" event, as after a choice by hand.
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

// The menu Enter (forward) or Shift+Enter (back) goes to from `select` in `sheet`.
function nextStop(sheet, select, forward, finish) {
  const stops = [...sheet.querySelectorAll(ROW)]
    .filter(visible)
    .map((row) => row.querySelector(KIND));
  const landing = sheet.querySelector(LANDING);
  if (visible(landing)) stops.push(landing);
  const row = select.closest(ROW);
  const here = stops.indexOf(row === null ? select : row.querySelector(KIND));
  if (here < 0) return null;
  if (forward && here === stops.length - 1) {
    const buttons = [...document.querySelectorAll(finish)].map(focusable).filter(visible);
    return buttons.length ? buttons[0] : null;
  }
  return stops[here + (forward ? 1 : -1)] || null;
}

function makeHandler(model) {
  return (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || event.ttOrderKeys) return;
    const sheet = select.closest(SHEET);
    if (sheet === null || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) {
      return;
    }
    event.ttOrderKeys = true; // another copy of this listener on the page leaves it alone
    if (event.key === "Enter") {
      event.preventDefault();
      event.stopPropagation();
      const next = nextStop(sheet, select, !event.shiftKey, model.get("finish"));
      if (next !== null) next.focus();
      return;
    }
    if (!select.matches(KIND)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const labels = model.get("kind_keys")[key];
    if (labels === undefined) return;
    event.preventDefault(); // not the menu's own type-ahead, which goes by the label's letters
    chooseKind(select, labels);
  };
}

function render({ model }) {
  const handler = makeHandler(model);
  document.addEventListener("keydown", handler, true);
  return () => document.removeEventListener("keydown", handler, true);
}

export default { render };
