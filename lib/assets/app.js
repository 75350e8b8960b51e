// Progressive enhancement only: every page works without this file.
// - Copy buttons: <button data-copy="ID"> copies the value or text of the element with that id.
// - The link editor: rules reorder by drag and drop (the Move up/down buttons do the same
//   without a script), and the A/B weights are summed as they are typed.
// - An import's page: while the job runs, its progress is read again every 2 seconds (the
//   "Check progress" link does it by hand) and the page is shown whole once the job ends.
"use strict";

function enableCopyButtons() {
  for (const button of document.querySelectorAll("button[data-copy]")) {
    const target = document.getElementById(button.dataset.copy);
    if (!target) continue;
    button.hidden = false;
    const label = button.textContent;
    button.addEventListener("click", async () => {
      const text = "value" in target ? target.value : target.textContent;
      try {
        await navigator.clipboard.writeText(text);
        button.textContent = "Copied";
      } catch {
        const range = document.createRange();
        range.selectNodeContents(target);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        button.textContent = "Selected: press Ctrl+C";
      }
      setTimeout(() => { button.textContent = label; }, 2000);
    });
  }
}

// After a drop, every rule's fields are named for its new place (rules[2].country), as the
// server names them, so saving sends the rules in the order shown.
function renumberRules(list) {
  const rules = [...list.querySelectorAll(":scope > li[data-rule]")];
  rules.forEach((rule, i) => {
    for (const el of rule.querySelectorAll("*")) {
      for (const attr of ["name", "id", "for", "aria-describedby"]) {
        const value = el.getAttribute(attr);
        if (value) {
          el.setAttribute(attr, value.replace(/rules\[\d+\]/g, `rules[${i}]`).replace(/f-rules-\d+/g, `f-rules-${i}`));
        }
      }
      if (el.tagName === "BUTTON" && el.name === "action") {
        el.value = el.value.replace(/-\d+$/, `-${i}`);
        if (el.value.startsWith("rule-up-")) el.disabled = i === 0;
        if (el.value.startsWith("rule-down-")) el.disabled = i === rules.length - 1;
      }
      if (el.classList.contains("rule-n")) el.textContent = String(i + 1);
    }
  });
}

function enableRuleDragging() {
  for (const list of document.querySelectorAll("[data-rules]")) {
    let dragged = null;
    for (const rule of list.querySelectorAll(":scope > li[data-rule]")) {
      const handle = rule.querySelector(".drag-handle");
      if (!handle) continue;
      handle.hidden = false;
      // Only the handle drags, so text in the rule's fields can still be selected.
      handle.draggable = true;
      handle.addEventListener("dragstart", (event) => {
        dragged = rule;
        rule.classList.add("dragging");
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", "");
        event.dataTransfer.setDragImage(rule, 16, 16);
      });
      handle.addEventListener("dragend", () => {
        rule.classList.remove("dragging");
        for (const r of list.children) r.classList.remove("drop-target");
        dragged = null;
      });
      rule.addEventListener("dragover", (event) => {
        if (!dragged || dragged === rule) return;
        event.preventDefault();
        rule.classList.add("drop-target");
      });
      rule.addEventListener("dragleave", () => rule.classList.remove("drop-target"));
      rule.addEventListener("drop", (event) => {
        event.preventDefault();
        rule.classList.remove("drop-target");
        if (!dragged || dragged === rule) return;
        const rules = [...list.children];
        const before = rules.indexOf(dragged) > rules.indexOf(rule) ? rule : rule.nextSibling;
        list.insertBefore(dragged, before);
        renumberRules(list);
      });
    }
  }
}

function enableWeightSum() {
  const output = document.querySelector("[data-weight-sum]");
  if (!output) return;
  const form = output.closest("form");
  const update = () => {
    let sum = 0;
    for (const input of form.querySelectorAll("input[data-weight]")) {
      const value = Number.parseFloat(input.value);
      if (Number.isFinite(value)) sum += value;
    }
    output.value = String(Math.round(sum * 100) / 100);
    output.textContent = output.value;
    output.parentElement.classList.toggle("off", sum !== 100);
  };
  form.addEventListener("input", (event) => {
    if (event.target.matches("input[data-weight]")) update();
  });
  update();
}

// Choosing a UTM template fills the five UTM fields at once (without JavaScript, "Fill in"
// asks the server to). The "Fill in" button is then not needed.
function enableUtmTemplates() {
  const select = document.querySelector("select[data-utm-templates]");
  if (!select) return;
  const form = select.closest("form");
  const fill = form.querySelector("button[data-fill-utm]");
  if (fill) fill.hidden = true;
  select.addEventListener("change", () => {
    const chosen = select.selectedOptions[0];
    if (!chosen || !chosen.value) return;
    for (const field of ["source", "medium", "campaign", "term", "content"]) {
      const input = form.elements.namedItem(`utm.${field}`);
      if (input) input.value = chosen.dataset[field] || "";
    }
  });
}

function followImportProgress() {
  const progress = document.querySelector("[data-progress]");
  if (!progress) return;
  const timer = setInterval(async () => {
    try {
      const answer = await fetch(location.href, { credentials: "same-origin" });
      const next = new DOMParser().parseFromString(await answer.text(), "text/html");
      const fresh = next.querySelector("[data-progress]");
      if (!fresh) {
        clearInterval(timer);
        location.reload();
        return;
      }
      progress.innerHTML = fresh.innerHTML;
    } catch {
      clearInterval(timer);
    }
  }, 2000);
}

document.addEventListener("DOMContentLoaded", () => {
  followImportProgress();
  enableCopyButtons();
  enableRuleDragging();
  enableWeightSum();
  enableUtmTemplates();
});
