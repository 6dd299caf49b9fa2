// Over-long input refused in the browser (see input_limit.py). One listener per event type on
// the document, in the capture phase: it serves every limited box (class tt-limit-<n>) of the
// page, whatever widgets were drawn again since; another copy of it leaves a handled event be.

const LIMITED = '[class*="tt-limit-"]';
const LIMIT = /(?:^|\s)tt-limit-(\d+)(?=\s|$)/;
const TEXTUAL = new Set(["text", "search", "url", "tel", "email", "password"]);
const PAIRS = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

function isTextField(target) {
  return (
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && TEXTUAL.has(target.type))
  );
}

// Characters as the kernel counts them (a character outside the BMP is one, not two).
function chars(text) {
  const pairs = text.match(PAIRS);
  return text.length - (pairs === null ? 0 : pairs.length);
}

// The text an event would insert, or null for an event that inserts nothing.
function inserted(event) {
  if (event.type === "paste") return event.clipboardData?.getData("text/plain") ?? "";
  if (event.type === "drop") return event.dataTransfer?.getData("text/plain") ?? "";
  if (!event.inputType.startsWith("insert")) return null;
  if (event.inputType === "insertLineBreak" || event.inputType === "insertParagraph") return "\n";
  return event.data ?? event.dataTransfer?.getData("text/plain") ?? "";
}

// Whether inserting `text` into `field` (over its selection) keeps it within `limit`.
function fits(field, text, limit, replacesSelection) {
  const value = field.value;
  let added = field instanceof HTMLTextAreaElement ? text.replace(/\r\n?/g, "\n") : text;
  if (field instanceof HTMLInputElement) added = added.replace(/[\r\n]/g, "");
  const start = field.selectionStart ?? value.length;
  const end = replacesSelection ? (field.selectionEnd ?? start) : start;
  const kept = value.length - (end - start);
  if (kept + added.length <= limit) return true; // counted in code units: never fewer
  return chars(value) - chars(value.slice(start, end)) + chars(added) <= limit;
}

function say(box, refused) {
  const says = box.querySelector(".tt-limit-says");
  if (says === null) return;
  const text = refused ? says.dataset.message || "" : "";
  if (says.textContent === text && text) {
    // The same sentence again: emptied, then set, so that a screen reader says it again.
    says.textContent = "";
    requestAnimationFrame(() => (says.textContent = text));
    return;
  }
  says.textContent = text;
}

function handle(event) {
  const field = event.target;
  if (event.ttInputLimit || !isTextField(field) || field.readOnly || field.disabled) return;
  const box = field.closest(LIMITED);
  const found = box === null ? null : LIMIT.exec(box.getAttribute("class") || "");
  if (found === null) return;
  event.ttInputLimit = true; // another copy of this listener on the page leaves it alone
  const text = inserted(event);
  if (text === null) {
    say(box, false); // a deletion: the message, if any, has been read
    return;
  }
  if (fits(field, text, Number(found[1]), event.type !== "drop")) {
    say(box, false);
    return;
  }
  // Refused whole: the field keeps its text exactly, and nothing is sent to the kernel.
  event.preventDefault();
  say(box, true);
}

const EVENTS = ["paste", "drop", "beforeinput"];
let users = 0; // the copies of the widget drawn with this script: one listener serves them all

function render({ model, el }) {
  const says = document.createElement("span");
  says.className = "tt-limit-says tt-msg-error";
  says.setAttribute("role", "status");
  says.setAttribute("aria-live", "polite");
  const relabel = () => {
    const message = model.get("message") || "";
    if (says.textContent && says.textContent !== message) says.textContent = message;
    says.dataset.message = message;
  };
  relabel();
  el.append(says);
  model.on("change:message", relabel);
  if (users++ === 0) for (const name of EVENTS) document.addEventListener(name, handle, true);
  return () => {
    model.off("change:message", relabel);
    if (--users === 0) for (const name of EVENTS) document.removeEventListener(name, handle, true);
  };
}

export default { render };
