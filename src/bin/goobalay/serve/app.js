// goobalay serve: live updates (server-sent events; on a change the page fetches
// itself again and swaps its <main>), the projector's slides and the match replay.
"use strict";
(function () {
  const live = document.getElementById("live-state");

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

  // Projector: the slides take turns every 15 seconds.
  function currentSlide() {
    const slides = [...document.querySelectorAll(".slide")];
    return Math.max(0, slides.findIndex(s => s.classList.contains("shown")));
  }
  function restoreSlide(i) {
    const slides = [...document.querySelectorAll(".slide")];
    slides.forEach((s, k) => s.classList.toggle("shown", k === i % Math.max(1, slides.length)));
  }
  if (document.body.classList.contains("projector")) {
    setInterval(() => restoreSlide(currentSlide() + 1), 15000);
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
      return "captured " + (captured - k) + (k > 0 ? ", kept " + k : "");
    };
    const north = [], south = [];
    for (let h = 2 * n - 1; h >= n; h--) north.push(h);
    for (let h = 0; h < n; h++) south.push(h);
    t.append(labels(north.map(h => h - n + 1)));
    const rn = el("tr"); rn.append(el("th", "", "North")); north.forEach(h => rn.append(cell(h)));
    rn.append(el("td", "store", holding(pos.captured[1], kept[1]))); t.append(rn);
    const rs = el("tr"); rs.append(el("th", "", "South")); south.forEach(h => rs.append(cell(h)));
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
        p.append("Review: " + name(played.player) + "'s " + played.move + " lost ");
        p.append(el("span", "loss", played.loss.toFixed(1) + " seeds"));
        if (played.mark) p.append(" (" + played.mark + ")");
        p.append(played.forced ? ", the only move. " :
          played.best !== played.move ? "; best was " + played.best + ". " : ", a best move. ");
      }
      const next = moves[step];
      if (next && !next.forced) {
        p.append("Best now for " + name(next.player) + ": " + next.best + " (value " +
          (next.value >= 0 ? "+" : "") + next.value.toFixed(1) + "), outlined.");
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
        let line = "Hand " + h.number + ", ";
        if (s.played) {
          line += "move " + this.step + " of " + (h.steps.length - 1) + ": " + name(s.played.player) +
            " (" + s.played.player + ") plays " + s.played.move + " and " + s.played.text;
        } else {
          line += "the start: " + name(s.position.to_move) + " (" + s.position.to_move + ") moves first";
        }
        if (s.position.result) {
          const res = s.position.result;
          line += ". Over (" + res.end + "): South " + res.score[0] + ", North " + res.score[1];
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
  // URL; each form posts to /api/matches/ID/result with it and shows the answer (the
  // CLI's message when refused). A refresh keeps what was typed.
  const SECRET = "goobalay-results-secret";
  function directorForms() {
    const kept = {};
    document.querySelectorAll("form.result").forEach(f => {
      kept[f.dataset.match] = { winner: f.winner.value, seeds: f.seeds.value, answer: f.querySelector(".answer").textContent };
    });
    return kept;
  }
  function restoreDirector(kept) {
    const secret = document.getElementById("secret");
    if (secret) secret.value = sessionStorage.getItem(SECRET) || "";
    document.querySelectorAll("form.result").forEach(f => {
      const k = kept && kept[f.dataset.match];
      if (!k) return;
      f.winner.value = k.winner;
      f.seeds.value = k.seeds;
      f.querySelector(".answer").textContent = k.answer;
    });
  }
  if (document.body.classList.contains("director")) {
    restoreDirector(null);
    document.addEventListener("input", e => {
      if (e.target.id === "secret") sessionStorage.setItem(SECRET, e.target.value.trim());
    });
    document.addEventListener("submit", e => {
      const f = e.target;
      e.preventDefault();
      if (!f.classList.contains("result")) return;
      const answer = f.querySelector(".answer");
      const secret = sessionStorage.getItem(SECRET) || "";
      if (!secret) { answer.className = "answer refused"; answer.textContent = "Type the secret first."; return; }
      const body = { winner: f.winner.value };
      if (f.seeds.value.trim()) body.seeds = f.seeds.value.trim();
      f.querySelector("button").disabled = true;
      answer.className = "answer";
      answer.textContent = "sending…";
      fetch("/api/matches/" + f.dataset.match + "/result", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: "Bearer " + secret },
        body: JSON.stringify(body),
        cache: "no-store",
      })
        .then(r => r.json().catch(() => ({})).then(j => ({ status: r.status, j })))
        .then(({ status, j }) => {
          if (status === 200) {
            answer.className = "answer entered";
            answer.textContent = "entered: " + (j.match && j.match.winner ? j.match.winner : f.winner.value);
          } else {
            answer.className = "answer refused";
            answer.textContent = (status === 403 ? "Wrong secret" : "Refused") + ": " + (j.error || ("HTTP " + status));
          }
        })
        .catch(() => { answer.className = "answer refused"; answer.textContent = "The server could not be reached; nothing may have been written."; })
        .finally(() => { f.querySelector("button").disabled = false; });
    });
  }
})();
