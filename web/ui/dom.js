// @ts-check
// Building DOM nodes: h("div", {class: "x", onclick: fn, style: "--a:1"}, child, …).
// Styles go through the CSSOM (element.style.setProperty), which a Content-Security-
// Policy without 'unsafe-inline' allows; `on…` attributes become event listeners;
// null/false attributes and children are skipped.

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "style") {
      for (const decl of String(value).split(";")) {
        const i = decl.indexOf(":");
        if (i > 0) node.style.setProperty(decl.slice(0, i).trim(), decl.slice(i + 1).trim());
      }
    } else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}
