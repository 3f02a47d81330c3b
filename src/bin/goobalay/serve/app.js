// goobalay serve: live updates (server-sent events; on a change the page fetches
// itself again and swaps its <main>), the projector's slides and the match replay.
"use strict";
(function () {
  const live = document.getElementById("live-state");
  // The words this script writes, in the page's language (script#words, from
  // locales/<lang>/web.ftl): `say("id", { name: ... })` fills in the {name} parts.
  const WORDS = (() => {
    const w = document.getElementById("words");
    try { return w ? JSON.parse(w.textContent) : {}; } catch (_) { return {}; }
  })();
  // A number with one decimal as the page's language writes it (0,5 in French):
  // the digits as toFixed rounds them, the language's decimal separator; Latin
  // digits everywhere, as the server writes them.
  const LANG = document.documentElement.lang || "en";
  const SEPARATOR = (() => {
    try {
      const part = new Intl.NumberFormat(LANG === "ar" ? "ar-u-nu-latn" : LANG).formatToParts(1.5).find(p => p.type === "decimal");
      return part ? part.value : ".";
    } catch (_) { return "."; }
  })();
  function decimal(x, signed) {
    return (signed && x >= 0 ? "+" : "") + x.toFixed(1).replace(".", SEPARATOR);
  }
  // The language links keep the rest of the address (a projector's ?turn=).
  document.querySelectorAll("nav.languages a[hreflang]").forEach(a => {
    const u = new URL(location.href);
    u.searchParams.set("lang", a.hreflang);
    a.href = u.pathname + u.search + u.hash;
  });
  function say(id, args) {
    return (WORDS[id] || id).replace(/\{(\w+)\}/g, (all, k) => args && k in args ? String(args[k]) : all);
  }

  function refresh() {
    fetch(location.href, { headers: { Accept: "text/html" }, cache: "no-store" })
      .then(r => r.ok ? r.text() : Promise.reject(r.status))
      .then(text => {
        const doc = new DOMParser().parseFromString(text, "text/html");
        const main = doc.getElementById("live");
        const status = doc.getElementById("status");
        const slide = currentSlide();
        const replay = replayState();
        const forms = directorForms();
        if (main) document.getElementById("live").innerHTML = main.innerHTML;
        if (status) {
          const here = document.getElementById("status");
          here.textContent = status.textContent;
          here.className = status.className;
        }
        const time = doc.querySelector("header time");
        if (time) document.querySelector("header time").replaceWith(time);
        restoreSlide(slide);
        startReplay(replay);
        restoreDirector(forms);
        document.body.dataset.updated = String(Number(document.body.dataset.updated || 0) + 1);
      })
      .catch(() => {});
  }

  const url = document.body.dataset.events;
  if (url && window.EventSource) {
    const es = new EventSource(url);
    es.addEventListener("ready", () => { live.className = "live on"; });
    es.addEventListener("change", refresh);
    es.onerror = () => { live.className = "live off"; };
  }

  // The date and time in the header stay current on a page left open.
  setInterval(() => {
    const time = document.querySelector("header time");
    if (!time) return;
    const now = new Date();
    time.textContent = now.toLocaleDateString(undefined, { weekday: "long", day: "numeric", month: "long", year: "numeric" }) +
      ", " + now.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
    time.dateTime = now.toISOString();
  }, 60000);

  // Projector: the slides take turns (every 15 seconds, or ?turn=SECONDS); a
  // table longer than the screen is shown a page at a time, each page a turn, so
  // every row is seen.
  const projector = document.body.classList.contains("projector");
  let turn = { slide: 0, page: 0 };
  function currentSlide() { return { slide: turn.slide, page: turn.page }; }
  function restoreSlide(t) {
    if (!projector) return;
    turn = t;
    showTurn();
  }
  // Shows the turn's slide and page; returns how many pages the slide has.
  function showTurn() {
    const slides = [...document.querySelectorAll(".slide")];
    if (slides.length === 0) return 1;
    turn.slide %= slides.length;
    slides.forEach((s, k) => s.classList.toggle("shown", k === turn.slide));
    const slide = slides[turn.slide];
    const rows = [...slide.querySelectorAll("tbody tr")];
    const caption = slide.querySelector(".page-of");
    rows.forEach(r => r.classList.remove("off-page"));
    let pages = 1;
    if (rows.length > 0) {
      const first = rows[0].getBoundingClientRect();
      const last = rows[rows.length - 1].getBoundingClientRect();
      const rowHeight = Math.max(1, (last.bottom - first.top) / rows.length);
      const footer = document.querySelector("footer");
      const below = footer ? footer.getBoundingClientRect().height + 24 : 24;
      const room = window.innerHeight - first.top - below;
      const perPage = Math.max(1, Math.floor(room / rowHeight) - 1);
      pages = Math.ceil(rows.length / perPage);
      turn.page %= pages;
      rows.forEach((r, i) => r.classList.toggle("off-page", Math.floor(i / perPage) !== turn.page));
    } else {
      turn.page = 0;
    }
    if (caption) caption.textContent = pages > 1 ? "(" + (turn.page + 1) + "/" + pages + ")" : "";
    document.body.dataset.turn = turn.slide + "." + turn.page + "/" + pages;
    return pages;
  }
  if (projector) {
    const asked = Number(new URLSearchParams(location.search).get("turn"));
    const seconds = asked >= 1 ? asked : 15;
    showTurn();
    setInterval(() => {
      const pages = showTurn();
      if (turn.page + 1 < pages) turn.page += 1; else { turn.slide += 1; turn.page = 0; }
      showTurn();
    }, seconds * 1000);
  }

  // Match replay: the positions come from the server (script#replay-data); the
  // board is drawn as the server draws it.
  let replay = null;
  function replayState() {
    return replay ? { hand: replay.hand, step: replay.step, atEnd: replay.atEnd() } : null;
  }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = String(text);
    return e;
  }
  // Pairs by side ("captured", "kept", "score") are [south, north].
  function drawBoard(pos, kept, n) {
    const t = el("table", "board");
    const labels = holes => {
      const tr = el("tr", "labels");
      tr.append(el("td"));
      holes.forEach(h => tr.append(el("td", "", h)));
      tr.append(el("td"));
      return tr;
    };
    const cell = h => {
      const owner = pos.uur[h];
      return el("td", owner ? "hole uur-" + owner : "hole", pos.board[h]);
    };
    const holding = (captured, k) => {
      k = Math.min(k, captured);
      return k > 0 ? say("captured-kept", { captured: captured - k, kept: k }) : say("captured", { captured: captured - k });
    };
    const north = [], south = [];
    for (let h = 2 * n - 1; h >= n; h--) north.push(h);
    for (let h = 0; h < n; h++) south.push(h);
    t.append(labels(north.map(h => h - n + 1)));
    const rn = el("tr"); rn.append(el("th", "", say("north"))); north.forEach(h => rn.append(cell(h)));
    rn.append(el("td", "store", holding(pos.captured[1], kept[1]))); t.append(rn);
    const rs = el("tr"); rs.append(el("th", "", say("south"))); south.forEach(h => rs.append(cell(h)));
    rs.append(el("td", "store", holding(pos.captured[0], kept[0]))); t.append(rs);
    t.append(labels(south.map(h => h + 1)));
    return t;
  }
  function startReplay(before) {
    const data = document.getElementById("replay-data");
    if (!data) { replay = null; return; }
    const m = JSON.parse(data.textContent);
    const hands = m.hands.filter(h => h.steps.length > 0);
    if (hands.length === 0) return;
    const select = document.getElementById("hand");
    const board = document.getElementById("board");
    const text = document.getElementById("step");
    const name = side => side === "south" ? m.south : m.north;
    // The engine review, where the match has one: the move just played with its
    // loss, and the best move of the position shown highlighted on the board.
    const showReview = (h, step) => {
      let p = document.getElementById("review-line");
      if (!p) { p = el("p"); p.id = "review-line"; text.after(p); }
      p.replaceChildren();
      const moves = m.review[String(h.number)];
      if (!moves) return;
      const played = step > 0 ? moves[step - 1] : null;
      if (played) {
        p.append(say("js-review-played", { name: name(played.player), move: played.move }) + " ");
        p.append(el("span", "loss", say("js-seeds-lost", { loss: decimal(played.loss) })));
        if (played.mark) p.append(" (" + say("mark-" + played.mark) + ")");
        p.append((played.forced ? say("js-only-move") :
          played.best !== played.move ? say("js-best-was", { best: played.best }) : say("js-a-best-move")) + " ");
      }
      const next = moves[step];
      if (next && !next.forced) {
        p.append(say("js-best-now", { name: name(next.player), best: next.best, value: decimal(next.value, true) }));
        const k = parseInt(next.best, 10);
        const t = board.querySelector("table.board");
        if (!isNaN(k) && t) {
          const n = m.holes_per_row;
          const row = t.rows[next.player === "south" ? 2 : 1];
          const cell = row && row.cells[next.player === "south" ? k : n - k + 1];
          if (cell) cell.classList.add("best");
        }
      }
    };
    const r = {
      hand: hands.length - 1,
      step: hands[hands.length - 1].steps.length - 1,
      atEnd() { return this.hand === hands.length - 1 && this.step === hands[this.hand].steps.length - 1; },
      show() {
        const h = hands[this.hand];
        const s = h.steps[this.step];
        board.replaceChildren(drawBoard(s.position, h.kept, m.holes_per_row));
        let line;
        if (s.played) {
          line = say("js-hand-move", { hand: h.number, step: this.step, steps: h.steps.length - 1,
            name: name(s.played.player), side: say("side-" + s.played.player), move: s.played.move, text: s.played.text });
        } else {
          line = say("js-hand-start", { hand: h.number, name: name(s.position.to_move), side: say("side-" + s.position.to_move) });
        }
        if (s.position.result) {
          const res = s.position.result;
          line += ". " + say("js-over", { end: say("end-" + res.end), south: res.score[0], north: res.score[1] });
        }
        text.textContent = line;
        select.value = String(h.number);
        if (m.review) showReview(h, this.step);
      },
    };
    if (before) {
      if (!before.atEnd && before.hand < hands.length) {
        r.hand = before.hand;
        r.step = Math.min(before.step, hands[r.hand].steps.length - 1);
      }
    }
    const go = (hand, step) => {
      r.hand = Math.max(0, Math.min(hands.length - 1, hand));
      r.step = Math.max(0, Math.min(hands[r.hand].steps.length - 1, step));
      r.show();
    };
    document.getElementById("first").onclick = () => go(r.hand, 0);
    document.getElementById("prev").onclick = () =>
      r.step > 0 ? go(r.hand, r.step - 1) : r.hand > 0 ? go(r.hand - 1, hands[r.hand - 1].steps.length - 1) : go(0, 0);
    document.getElementById("next").onclick = () =>
      r.step < hands[r.hand].steps.length - 1 ? go(r.hand, r.step + 1) : r.hand < hands.length - 1 ? go(r.hand + 1, 0) : r.show();
    document.getElementById("last").onclick = () => go(r.hand, hands[r.hand].steps.length - 1);
    select.onchange = () => go(hands.findIndex(h => String(h.number) === select.value), 0);
    document.onkeydown = e => {
      if (e.target.tagName === "SELECT") return;
      if (e.key === "ArrowRight") document.getElementById("next").click();
      if (e.key === "ArrowLeft") document.getElementById("prev").click();
    };
    replay = r;
    r.show();
  }
  startReplay(null);

  // The director's page: the secret stays in this tab (sessionStorage), never in a
  // URL. No form writes on its first tap: "Check" shows what will be stored and
  // "Store it" sends it (with the secret) and shows the answer (the CLI's message
  // when refused). The last result entered stays on the page for the take-back
  // window, with a form to take it back (a correction with its reason). A refresh
  // keeps what was typed.
  const SECRET = "goobalay-results-secret";
  const LAST = "goobalay-last-entry";
  const TAKE_BACK_MS = 5 * 60 * 1000;
  function formKey(f) {
    return f.dataset.match ? "match-" + f.dataset.match : f.id || (f.classList.contains("take-back") ? "take-back" : "");
  }
  function directorForms() {
    const kept = {};
    document.querySelectorAll("#live form").forEach(f => {
      const key = formKey(f);
      if (!key || f.id === "director-secret") return;
      const fields = {};
      [...f.elements].forEach(e => { if (e.name) fields[e.name] = e.type === "checkbox" ? e.checked : e.value; });
      const confirm = f.querySelector(".confirm");
      kept[key] = {
        fields,
        answer: f.querySelector(".answer").textContent,
        answerClass: f.querySelector(".answer").className,
        confirm: confirm && !confirm.hidden ? f.querySelector(".confirm-text").textContent : null,
      };
    });
    return kept;
  }
  function restoreDirector(kept) {
    const secret = document.getElementById("secret");
    if (secret) secret.value = sessionStorage.getItem(SECRET) || "";
    showLastEntry(kept && kept["take-back"]);
    document.querySelectorAll("#live form").forEach(f => {
      const k = kept && kept[formKey(f)];
      if (!k) return;
      [...f.elements].forEach(e => {
        if (!e.name || !(e.name in k.fields)) return;
        if (e.type === "checkbox") e.checked = k.fields[e.name]; else e.value = k.fields[e.name];
      });
      const answer = f.querySelector(".answer");
      answer.textContent = k.answer;
      answer.className = k.answerClass;
      if (k.confirm !== null) askOnce(f, k.confirm);
    });
  }
  function lastEntry() {
    try {
      const e = JSON.parse(sessionStorage.getItem(LAST) || "null");
      return e && Date.now() - e.at < TAKE_BACK_MS ? e : null;
    } catch (_) { return null; }
  }
  function showLastEntry(keptForm) {
    const box = document.getElementById("last-entry");
    if (!box) return;
    const e = lastEntry();
    box.replaceChildren();
    box.hidden = !e;
    if (!e) return;
    box.append(el("h2", "", say("js-last-entry")));
    box.append(el("p", "last-text", e.text + (e.takenBack ? " — " + e.takenBack : "")));
    if (e.takenBack) return;
    const open = el("button", "take-back-open", say("js-take-back-open"));
    open.type = "button";
    box.append(open);
    const showForm = () => {
      open.remove();
      const f = document.getElementById("take-back-form").content.firstElementChild.cloneNode(true);
      f.dataset.takeBack = e.match;
      box.append(f);
      return f;
    };
    open.onclick = showForm;
    if (keptForm) {
      const f = showForm();
      [...f.elements].forEach(x => { if (x.name && x.name in keptForm.fields) x.value = keptForm.fields[x.name]; });
      f.querySelector(".answer").textContent = keptForm.answer;
      if (keptForm.confirm !== null) askOnce(f, keptForm.confirm);
    }
  }
  function askOnce(f, text) {
    f.querySelector(".confirm-text").textContent = text;
    f.querySelector(".confirm").hidden = false;
    f.querySelector("button.check").hidden = true;
  }
  function unask(f) {
    f.querySelector(".confirm").hidden = true;
    f.querySelector("button.check").hidden = false;
  }
  function chosen(select) {
    return select.options[select.selectedIndex] ? select.options[select.selectedIndex].textContent : "";
  }
  // What a form will store, in words, and the request that stores it.
  function described(f) {
    const seeds = f.seeds && f.seeds.value.trim();
    const withSeeds = seeds ? ", " + say("js-with-seeds", { seeds: seeds.replace(",", "–") }) : "";
    const result = w => w.startsWith("absent-") ? { absent: w.slice(7) } : w === "void" ? { void: true } : Object.assign({ winner: w }, seeds ? { seeds } : {});
    if (f.classList.contains("result")) {
      const names = f.querySelector(".names").textContent;
      return {
        text: names + ": " + chosen(f.winner) + withSeeds,
        url: "/api/matches/" + f.dataset.match + "/result",
        body: result(f.winner.value),
      };
    }
    if (f.classList.contains("take-back")) {
      const e = lastEntry();
      return {
        text: say("js-take-back-text", { entry: e ? e.text : "", result: chosen(f.winner) + withSeeds, reason: f.reason.value.trim() }),
        url: "/api/matches/" + f.dataset.takeBack + "/take-back",
        body: Object.assign(result(f.winner.value), { reason: f.reason.value.trim() }),
      };
    }
    if (f.dataset.action === "accept") {
      return { text: f.dataset.says, url: "/api/reports/" + f.dataset.report + "/accept", body: {} };
    }
    const t = location.pathname.split("/").pop();
    if (f.dataset.action === "withdrawal") {
      const forfeit = f.forfeit_pending.checked;
      return {
        text: say(forfeit ? "js-withdraw-forfeit" : "js-withdraw-text", { player: f.player.value }),
        url: "/api/tournaments/" + t + "/withdrawal",
        body: { player: f.player.value, forfeit_pending: forfeit },
      };
    }
    return {
      text: say("js-bye-text", { player: f.player.value, round: f.dataset.round, points: chosen(f.points) }),
      url: "/api/tournaments/" + t + "/bye",
      body: { player: f.player.value, round: Number(f.dataset.round), points: f.points.value },
    };
  }
  function send(f) {
    const answer = f.querySelector(".answer");
    const secret = sessionStorage.getItem(SECRET) || "";
    unask(f);
    if (!secret) { answer.className = "answer refused"; answer.textContent = say("js-secret-first"); return; }
    const what = described(f);
    f.querySelectorAll("button").forEach(b => { b.disabled = true; });
    answer.className = "answer";
    answer.textContent = say("js-sending");
    fetch(what.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer " + secret },
      body: JSON.stringify(what.body),
      cache: "no-store",
    })
      .then(r => r.json().catch(() => ({})).then(j => ({ status: r.status, j })))
      .then(({ status, j }) => {
        if (status === 200) {
          answer.className = "answer entered";
          answer.textContent = say("js-stored", { what: what.text });
          if (f.classList.contains("result")) {
            sessionStorage.setItem(LAST, JSON.stringify({ match: f.dataset.match, text: what.text, at: Date.now() }));
            showLastEntry(null);
          } else if (f.classList.contains("take-back")) {
            const e = lastEntry();
            if (e) {
              e.takenBack = say("js-taken-back", { result: chosen(f.winner) + (what.body.seeds ? ", " + say("js-with-seeds", { seeds: what.body.seeds }) : ""), reason: what.body.reason });
              sessionStorage.setItem(LAST, JSON.stringify(e));
            }
            showLastEntry(null);
          }
        } else {
          answer.className = "answer refused";
          answer.textContent = say(status === 403 ? "js-wrong-secret" : "js-refused", { text: j.error || ("HTTP " + status) });
        }
      })
      .catch(() => { answer.className = "answer refused"; answer.textContent = say("js-unreachable"); })
      .finally(() => { f.querySelectorAll("button").forEach(b => { b.disabled = false; }); });
  }
  if (document.body.classList.contains("director")) {
    restoreDirector(null);
    setInterval(() => { if (!lastEntry()) showLastEntry(null); }, 10000);
    document.addEventListener("input", e => {
      if (e.target.id === "secret") sessionStorage.setItem(SECRET, e.target.value.trim());
      const f = e.target.form;
      if (f && f.id !== "director-secret" && f.querySelector(".confirm")) unask(f);
    });
    document.addEventListener("submit", e => {
      const f = e.target;
      e.preventDefault();
      if (!f.querySelector(".confirm")) return;
      askOnce(f, say("js-ask", { what: described(f).text }));
    });
    document.addEventListener("click", e => {
      const f = e.target.form;
      if (!f) return;
      if (e.target.classList.contains("store")) send(f);
      if (e.target.classList.contains("change")) unask(f);
    });
  }
})();
