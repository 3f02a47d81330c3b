// goobalay serve: the players' report page. The code stays in its field, in this
// tab: it is sent in the body of each POST and never comes back from the server.
// No result is chosen for the player; "Check" says what will be reported and
// "Report it" sends it.
"use strict";
(function () {
  // The words this script writes, in the page's language (script#report-words,
  // from locales/<lang>/report.ftl): `words("id", { name: ... })` fills in {name}.
  const WORDS = (() => {
    const w = document.getElementById("report-words");
    try { return w ? JSON.parse(w.textContent) : {}; } catch (_) { return {}; }
  })();
  function words(id, args) {
    return (WORDS[id] || id).replace(/\{(\w+)\}/g, (all, k) => args && k in args ? String(args[k]) : all);
  }
  const codeForm = document.getElementById("report-code");
  const codeAnswer = document.getElementById("code-answer");
  const section = document.getElementById("report-match");
  const resultForm = document.getElementById("report-result");
  const answer = document.getElementById("report-answer");
  let shown = null;

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
    }).then(r => r.json().catch(() => ({})).then(j => ({ status: r.status, j })));
  }
  function say(p, cls, text) { p.className = "answer " + cls; p.textContent = text; }
  function claimWords(m, result, seeds) {
    const who = result === "south" ? words("report-claim-south", { name: m.south })
      : result === "north" ? words("report-claim-north", { name: m.north }) : words("report-claim-draw");
    return seeds ? words("report-claim-seeds", { claim: who, seeds: seeds.replace(",", "–") }) : who;
  }
  function unask() {
    resultForm.querySelector(".confirm").hidden = true;
    resultForm.querySelector("button.check").hidden = false;
  }
  function showMatch(m) {
    shown = m;
    let text = words("report-match", {
      tournament: m.tournament, round: m.round, board: m.board, south: m.south, north: m.north,
      holder: m.holder, side: words(m.side === "south" ? "south" : "north"),
    });
    if (m.reported) {
      const seeds = m.reported.seeds ? m.reported.seeds.south + "," + m.reported.seeds.north : "";
      text += " " + words("report-you-reported", { claim: claimWords(m, m.reported.result, seeds) });
    }
    if (m.opponent_reported) text += " " + words("report-opponent-reported");
    section.querySelector(".match-text").textContent = text;
    section.querySelector(".south-won").textContent = words("report-south-won", { name: m.south });
    section.querySelector(".north-won").textContent = words("report-north-won", { name: m.north });
    section.hidden = false;
    resultForm.reset();
    say(answer, "", "");
    unask();
  }
  codeForm.addEventListener("submit", e => {
    e.preventDefault();
    section.hidden = true;
    say(codeAnswer, "", words("report-looking"));
    post("/api/report/match", { code: codeForm.code.value })
      .then(({ status, j }) => {
        if (status === 200) { say(codeAnswer, "", ""); showMatch(j); }
        else say(codeAnswer, "refused", words("js-refused", { text: j.error || "HTTP " + status }));
      })
      .catch(() => say(codeAnswer, "refused", words("report-unreachable")));
  });
  codeForm.addEventListener("input", () => { section.hidden = true; shown = null; });
  resultForm.addEventListener("input", unask);
  resultForm.addEventListener("submit", e => {
    e.preventDefault();
    if (!shown) return;
    const seeds = resultForm.seeds.value.trim();
    resultForm.querySelector(".confirm-text").textContent = words("report-ask", { claim: claimWords(shown, resultForm.result.value, seeds) });
    resultForm.querySelector(".confirm").hidden = false;
    resultForm.querySelector("button.check").hidden = true;
  });
  resultForm.addEventListener("click", e => {
    if (e.target.classList.contains("change")) unask();
    if (!e.target.classList.contains("store")) return;
    unask();
    const seeds = resultForm.seeds.value.trim();
    const body = { code: codeForm.code.value, result: resultForm.result.value };
    if (seeds) body.seeds = seeds;
    say(answer, "", words("js-sending"));
    resultForm.querySelectorAll("button").forEach(b => { b.disabled = true; });
    post("/api/report", body)
      .then(({ status, j }) => {
        if (status === 200) say(answer, "entered", j.message);
        else say(answer, "refused", words("js-refused", { text: j.error || "HTTP " + status }));
      })
      .catch(() => say(answer, "refused", words("js-unreachable")))
      .finally(() => { resultForm.querySelectorAll("button").forEach(b => { b.disabled = false; }); });
  });
})();
