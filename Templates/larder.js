// Larder's page behaviour. Everything here is an enhancement: every page
// works without it. There is no inline code anywhere (a strict
// Content-Security-Policy with script-src 'self' holds); pages mark what this
// file acts on with data attributes and ids:
//
//   [data-checklist][data-storage-key]  ticks of input[data-check] kept in
//                                       localStorage as {checkbox id:
//                                       {checked, item: data-check}};
//                                       inside it: [data-progress],
//                                       [data-progress-fill],
//                                       [data-progress-text], [data-status]
//   [data-action=share|copy|print|clear-ticks]  buttons, rendered hidden
//   #share-text                         textarea with the list as plain text
//   [data-share-title]                  on the Share button
//   [data-servings][data-base-servings] the servings control, rendered hidden
//     [data-units][data-unit-system]    and empty, with the units its amounts
//                                       need; the script makes inside it
//                                       [data-servings-input],
//                                       [data-servings-step], [data-servings-status]
//   [data-qty] (+ [data-unit] or        amounts to rescale: "n/d" or "n/d-n/d",
//     [data-unit-name])                 their unit beside them in [data-unit-text]
//   [data-servings-shown]               text that shows the chosen servings
//   form[data-search][data-root], [data-search-status],
//   [data-search-results]               the search page (its index: search/index.js)
//   time[data-relative][datetime]       "2 days ago", counted again from now
//   [data-suggestions] with             a list's suggestions: each button adds
//     [data-action=remind][data-name],  its name to the reminders, kept in
//     [data-reminders]                  localStorage beside the ticks (KEY +
//                                       ":reminders", a list of names)
(function () {
  "use strict";

  // ---- Small helpers -----------------------------------------------------

  function all(selector, scope) {
    return Array.prototype.slice.call((scope || document).querySelectorAll(selector));
  }

  function show(element) {
    if (element) element.hidden = false;
  }

  // localStorage can be missing or throw (private windows, file:// in some
  // browsers, storage full): ticks then last only as long as the page.
  var storage = {
    read: function (key) {
      try {
        var value = JSON.parse(window.localStorage.getItem(key) || "{}");
        return value && typeof value === "object" ? value : {};
      } catch (error) {
        return {};
      }
    },
    write: function (key, value) {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch (error) {
        // Nothing to do: the page still works.
      }
    }
  };

  function announce(scope, message) {
    var status = scope.querySelector("[data-status]") || document.querySelector("[data-status]");
    if (!status) return;
    status.textContent = "";
    // A fresh text node makes screen readers read the same message again.
    window.setTimeout(function () { status.textContent = message; }, 50);
    window.clearTimeout(status._larderTimer);
    status._larderTimer = window.setTimeout(function () { status.textContent = ""; }, 4000);
  }

  // ---- Checklists: list items and recipe ingredients ----------------------
  // [data-checklist][data-storage-key] holds input[data-check] checkboxes;
  // their state is kept under the key as {checkbox id: {checked, item}},
  // where `item` is the box's data-check, a fingerprint of the item as the
  // data file has it. An id not stored keeps the page's own `checked`.

  // The ticks kept for these boxes: only those made for the item as it is
  // now. A tick made before the file changed the item (or an entry of an
  // item no longer on the page) is dropped, from the page and from storage.
  function keptTicks(key, boxes) {
    var saved = storage.read(key), kept = {}, dropped = false;
    boxes.forEach(function (box) {
      var entry = saved[box.id];
      if (entry && typeof entry === "object" && entry.item === (box.getAttribute("data-check") || "")
          && typeof entry.checked === "boolean") {
        kept[box.id] = entry;
      }
    });
    Object.keys(saved).forEach(function (id) { if (!kept[id]) dropped = true; });
    if (dropped) storage.write(key, kept);
    return kept;
  }

  function setUpChecklist(root) {
    var key = root.getAttribute("data-storage-key");
    var boxes = all("input[type=checkbox][data-check]", root);
    if (!key || boxes.length === 0) return;
    var saved = keptTicks(key, boxes);

    boxes.forEach(function (box) {
      if (saved[box.id]) box.checked = saved[box.id].checked;
      box.addEventListener("change", function () {
        saved[box.id] = { checked: box.checked, item: box.getAttribute("data-check") || "" };
        storage.write(key, saved);
        update();
      });
    });

    // The count written at build time goes stale as boxes are ticked: on
    // screen the live progress line takes its place (see .is-live in CSS).
    var progress = root.querySelector("[data-progress]");
    var fill = root.querySelector("[data-progress-fill]");
    var text = root.querySelector("[data-progress-text]");
    function update() {
      var done = boxes.filter(function (box) { return box.checked; }).length;
      if (progress) {
        show(progress);
        root.classList.add("is-live");
        if (fill) fill.style.width = Math.round((done / boxes.length) * 100) + "%";
        if (text) text.textContent = done + " of " + boxes.length + " ticked";
      }
    }
    update();

    all("[data-action=clear-ticks]", root).forEach(function (button) {
      show(button);
      // Back to the list as the file has it: an item the file ticks ([x])
      // stays ticked; only the ticks made here go.
      button.addEventListener("click", function () {
        boxes.forEach(function (box) {
          box.checked = box.defaultChecked;
          delete saved[box.id];
        });
        storage.write(key, saved);
        update();
        announce(root, "Your ticks are cleared; items the list itself ticks stay ticked.");
      });
    });
  }

  // ---- Copy, share, print -------------------------------------------------

  function shareText() {
    var source = document.getElementById("share-text");
    return source ? source.value : "";
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () {
        return copyWithSelection(text);
      });
    }
    return copyWithSelection(text);
  }

  // The old way, for file:// and plain http: select the hidden textarea.
  function copyWithSelection() {
    return new Promise(function (resolve, reject) {
      var area = document.getElementById("share-text");
      if (!area) { reject(new Error("no text")); return; }
      area.hidden = false;
      area.classList.add("is-copying");
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
      area.classList.remove("is-copying");
      area.hidden = true;
      if (ok) resolve(); else reject(new Error("copy failed"));
    });
  }

  function setUpActions() {
    all("[data-action=copy]").forEach(function (button) {
      show(button);
      button.addEventListener("click", function () {
        var scope = button.closest("[data-checklist]") || document;
        copyText(shareText()).then(
          function () { announce(scope, "Copied the list as text."); },
          function () { announce(scope, "Could not copy: use the Plain text link instead."); }
        );
      });
    });

    all("[data-action=share]").forEach(function (button) {
      show(button);
      button.addEventListener("click", function () {
        var scope = button.closest("[data-checklist]") || document;
        var text = shareText();
        var title = button.getAttribute("data-share-title") || document.title;
        if (navigator.share) {
          navigator.share({ title: title, text: text }).catch(function (error) {
            // The person closed the share sheet: nothing to do.
            if (error && error.name === "AbortError") return;
            copyText(text).then(function () {
              announce(scope, "Sharing is not available here, so the list was copied as text.");
            });
          });
        } else {
          copyText(text).then(
            function () { announce(scope, "Sharing is not available here, so the list was copied as text."); },
            function () { announce(scope, "Could not share or copy: use the Plain text link instead."); }
          );
        }
      });
    });

    all("[data-action=print]").forEach(function (button) {
      show(button);
      button.addEventListener("click", function () { window.print(); });
    });
  }

  // ---- Servings: amounts as the CLI writes them ---------------------------
  // A rescaled amount reads exactly as `larder share` and `larder print`
  // write it: this is a port of QuantityDisplay (Sources/LarderQuantities/
  // QuantityDisplay.swift) and of a one-amount line's PlanLine.amountText
  // (Sources/Larder/Shopping/PlanAmount+Display.swift) over Rational's
  // arithmetic (Rational.swift), 64-bit limits and overflow fallback
  // included, so they agree to the character (ServingsAmountTests checks
  // tens of thousands of amounts through node, and that GLYPHS and SOLD_WHOLE
  // are Swift's tables). Change one, change the other.
  //
  // [data-qty] holds the exact amount as written, "n/d" or "n/d-n/d";
  // [data-unit] a unit id of the table in the control's [data-units]
  // (QuantityDisplay.unitTable: "id|dimension|system|n/d|symbol|singular|plural;…"),
  // or [data-unit-name] a unit Larder does not know; [data-size] (with
  // [data-size-unit] or [data-size-unit-name]) one package's size;
  // [data-grams-per-cup] the food's density when Larder has one; the
  // control's [data-unit-system] the kitchen's `units`, when set.

  var Amounts = (function () {
    // BigInt holds the 64-bit integers of Rational exactly; without it
    // (browsers before 2020) the amounts stay as written.
    if (typeof BigInt !== "function") return null;
    var ZERO = BigInt(0), ONE = BigInt(1), TEN = BigInt(10);
    var INT_MAX = (ONE << BigInt(63)) - ONE, INT_MIN = -(ONE << BigInt(63));
    var MAX_DENOMINATOR = BigInt(1000000);
    var GLYPHS = {
      "1/4": "¼", "1/2": "½", "3/4": "¾", "1/7": "⅐", "1/9": "⅑", "1/10": "⅒", "1/3": "⅓", "2/3": "⅔",
      "1/5": "⅕", "2/5": "⅖", "3/5": "⅗", "4/5": "⅘", "1/6": "⅙", "5/6": "⅚",
      "1/8": "⅛", "3/8": "⅜", "5/8": "⅝", "7/8": "⅞"
    };

    // ---- Rational: lowest terms, denominator > 0, Int64 parts

    function abs(x) { return x < ZERO ? -x : x; }
    function gcd(a, b) {
      while (b !== ZERO) { var t = a % b; a = b; b = t; }
      return a === ZERO ? ONE : a;
    }
    function fits(x) { return x >= INT_MIN && x <= INT_MAX; }
    function normalised(n, d) {
      if (d === ZERO || n === INT_MIN || d === INT_MIN) return null;
      var divisor = gcd(abs(n), abs(d)), sign = d < ZERO ? -ONE : ONE;
      return { n: sign * n / divisor, d: sign * d / divisor };
    }
    function rational(n, d) { return normalised(BigInt(n), BigInt(d === undefined ? 1 : d)); }
    var R_ZERO = rational(0), R_ONE = rational(1), R_MAX = { n: INT_MAX, d: ONE }, R_HALF = rational(1, 2);
    var EIGHTH = rational(1, 8);

    function toDouble(r) { return Number(r.n) / Number(r.d); }
    function magnitude(r) { return { n: abs(r.n), d: r.d }; }
    function negated(r) { return { n: -r.n, d: r.d }; }
    function isZero(r) { return r.n === ZERO; }
    function wholePart(r) { return r.n / r.d; } // toward zero, as Int division
    function compare(a, b) {
      var left = a.n * b.d, right = b.n * a.d;
      return left < right ? -1 : left > right ? 1 : 0;
    }

    // Rational(approximating:): what an overflowing result falls back to.
    function approximating(value) {
      if (isNaN(value)) return R_ZERO;
      if (!(Math.abs(value) < 9.2e18)) return value > 0 ? R_MAX : negated(R_MAX);
      var h0 = ZERO, h1 = ONE, k0 = ONE, k1 = ZERO, rest = value;
      for (var step = 0; step < 64; step++) {
        var whole = Math.floor(rest);
        if (!(Math.abs(whole) < 9.2e18)) break;
        var a = BigInt(whole), ah = a * h1, h2 = ah + h0, ak = a * k1, k2 = ak + k0;
        if (!fits(ah) || !fits(h2) || !fits(ak) || !fits(k2) || k2 > MAX_DENOMINATOR) break;
        h0 = h1; h1 = h2; k0 = k1; k1 = k2;
        var fraction = rest - whole;
        if (fraction < 1e-12) break;
        rest = 1 / fraction;
      }
      return normalised(h1, k1) || R_ZERO;
    }

    function add(a, b) {
      var g = gcd(a.d, b.d);
      var left = a.n * (b.d / g), right = b.n * (a.d / g), sum = left + right, base = a.d * (b.d / g);
      var exact = fits(left) && fits(right) && fits(sum) && fits(base) ? normalised(sum, base) : null;
      return exact || approximating(toDouble(a) + toDouble(b));
    }
    function subtract(a, b) { return add(a, negated(b)); }
    function multiply(a, b) {
      var g1 = gcd(abs(a.n), abs(b.d)), g2 = gcd(abs(b.n), abs(a.d));
      var top = (a.n / g1) * (b.n / g2), bottom = (a.d / g2) * (b.d / g1);
      var exact = fits(top) && fits(bottom) ? normalised(top, bottom) : null;
      return exact || approximating(toDouble(a) * toDouble(b));
    }
    function divide(a, b) {
      var reciprocal = b.n > ZERO ? { n: b.d, d: b.n } : { n: -b.d, d: -b.n };
      return multiply(a, reciprocal);
    }

    // Rational.decimalString: rounded half away from zero, no trailing zeros.
    function decimalString(r, maxDigits) {
      var n = abs(r.n), whole = n / r.d, remainder = n % r.d, digits = [];
      for (var i = 0; i < Math.max(0, maxDigits); i++) {
        var shifted = remainder * TEN;
        digits.push(shifted / r.d);
        remainder = shifted % r.d;
      }
      if (remainder >= r.d - remainder) {
        var index = digits.length - 1;
        while (index >= 0 && digits[index] === BigInt(9)) { digits[index] = ZERO; index--; }
        if (index >= 0) digits[index] += ONE; else whole += ONE;
      }
      while (digits.length && digits[digits.length - 1] === ZERO) digits.pop();
      var sign = r.n < ZERO && (whole !== ZERO || digits.length) ? "-" : "";
      return sign + whole.toString() + (digits.length ? "." + digits.join("") : "");
    }

    // ---- Quantity: {low, high, range}

    function exact(value) { return { low: value, high: value, range: false }; }
    function mapQuantity(q, transform) {
      return q.range ? { low: transform(q.low), high: transform(q.high), range: true } : exact(transform(q.low));
    }
    function scaled(q, factor) {
      if (!q.range) return exact(multiply(q.low, factor));
      var a = multiply(q.low, factor), b = multiply(q.high, factor);
      return { low: compare(b, a) < 0 ? b : a, high: compare(b, a) > 0 ? b : a, range: true };
    }
    function format(q, number) { return q.range ? number(q.low) + "–" + number(q.high) : number(q.low); }
    function isSingular(q) { return !q.range && compare(magnitude(q.low), R_ONE) <= 0; }
    function displayName(unit, q) { return unit.symbol || (isSingular(q) ? unit.singular : unit.plural); }

    // ---- QuantityDisplay

    function decimal(value, converted) {
      var whole = wholePart(magnitude(value));
      var integerDigits = whole.toString().length - (whole === ZERO ? 1 : 0);
      var digits = converted ? Math.max(0, Math.min(2, 3 - integerDigits)) : integerDigits >= 3 ? 0 : 2;
      var text = decimalString(value, digits);
      while (text === "0" && !isZero(value) && digits < 6) text = decimalString(value, ++digits);
      return text;
    }

    function mixed(value) {
      var part = magnitude({ n: value.n % value.d, d: value.d });
      var whole = wholePart(value);
      if (isZero(part)) return whole.toString();
      var key = part.n + "/" + part.d, fraction = GLYPHS[key] || key;
      return whole === ZERO ? (value.n < ZERO ? "-" : "") + fraction : whole + " " + fraction;
    }

    function countNumber(q) {
      return format(q, function (value) {
        var d = value.d;
        return d === ONE || d === BigInt(2) || d === BigInt(3) || d === BigInt(4) || d === BigInt(8)
          ? mixed(value) : decimal(value, false);
      });
    }

    function nearestMultiple(parts, value) {
      var scaledValue = multiply(magnitude(value), rational(parts));
      var rounded = normalised(wholePart(add(scaledValue, R_HALF)), BigInt(parts)) || R_ZERO;
      return value.n < ZERO ? negated(rounded) : rounded;
    }

    function nearestCooksFraction(value, thirds) {
      var byEighths = nearestMultiple(8, value);
      if (!thirds) return byEighths;
      var byThirds = nearestMultiple(3, value);
      return compare(magnitude(subtract(byThirds, value)), magnitude(subtract(byEighths, value))) < 0 ? byThirds : byEighths;
    }

    function byFactor(a, b) { return compare(b.unit.factor, a.unit.factor); }

    function metric(base, dimension, written, converted, units) {
      var ladder = (dimension === "mass" ? ["kg", "g"] : ["l", "ml"]).map(function (id) { return { unit: units[id] }; });
      if (written.system === "metric" && !ladder.some(function (e) { return e.unit.id === written.id; })) ladder.push({ unit: written });
      ladder.sort(byFactor);
      var chosen = ladder.filter(function (e) { return compare(magnitude(base.low), e.unit.factor) >= 0; })[0] || ladder[ladder.length - 1];
      var value = scaled(base, divide(R_ONE, chosen.unit.factor));
      return { number: format(value, function (v) { return decimal(v, converted); }), value: value, unit: chosen.unit };
    }

    // `base` in `unit` as a nonzero cooks' fraction within `tolerance`, or null.
    function cooksFraction(base, unit, tolerance) {
      var value = scaled(base, divide(R_ONE, unit.factor));
      var thirds = unit.id === "cup" || unit.id === "lb";
      var rounded = mapQuantity(value, function (v) { return nearestCooksFraction(v, thirds); });
      var close = [[value.low, rounded.low], [value.high, rounded.high]].every(function (pair) {
        return !isZero(pair[1]) && compare(magnitude(subtract(pair[1], pair[0])), multiply(tolerance, magnitude(pair[0]))) <= 0;
      });
      return close ? { number: format(rounded, mixed), value: rounded, unit: unit } : null;
    }

    function us(base, dimension, written, converted, units) {
      var ladder = dimension === "mass"
        ? [{ unit: units.lb, from: R_ONE }, { unit: units.oz, from: R_ZERO }]
        : [{ unit: units.cup, from: rational(1, 4) }, { unit: units.tbsp, from: R_ONE }, { unit: units.tsp, from: R_ZERO }];
      if (written.system === "us" && !ladder.some(function (e) { return e.unit.id === written.id; })) ladder.push({ unit: written, from: R_ONE });
      ladder.sort(byFactor);
      var tolerance = converted ? rational(1, 10) : rational(1, 50);
      var start = ladder.length - 1;
      for (var i = 0; i < ladder.length; i++) {
        if (compare(magnitude(base.low), multiply(ladder[i].unit.factor, ladder[i].from)) >= 0) { start = i; break; }
      }
      for (var j = start; j < ladder.length; j++) {
        var shown = cooksFraction(base, ladder[j].unit, tolerance);
        if (shown) return shown;
      }
      // The smallest unit: the nearest eighth or third, or the exact amount below ⅛.
      var smallest = ladder[ladder.length - 1].unit;
      var rest = mapQuantity(scaled(base, divide(R_ONE, smallest.factor)), function (end) {
        return compare(magnitude(end), EIGHTH) < 0 ? end : nearestCooksFraction(end, true);
      });
      return {
        number: format(rest, function (v) { return v.d <= BigInt(64) ? mixed(v) : decimal(v, false); }),
        value: rest, unit: smallest
      };
    }

    // QuantityDisplay.text as {number, unit}: the unit is null for a plain
    // count, else what follows the number after one space. `kept`: the unit
    // to show mass or volume in whatever the system (PlanAmount.shownIn).
    function amount(q, unit, unitName, system, units, kept) {
      if (!unit) return { number: countNumber(q), unit: unitName || null };
      if (unit.dimension === "count" || unit.dimension === "other") return { number: countNumber(q), unit: displayName(unit, q) };
      if (kept && kept.dimension === unit.dimension && kept.id !== "tsp" && kept.id !== "tbsp") {
        var written = scaled(q, unit.factor);
        var inKept = kept.system === "us"
          ? cooksFraction(written, kept, rational(1, 50)) || us(written, unit.dimension, kept, false, units)
          : metric(written, unit.dimension, kept, false, units);
        return { number: inKept.number, unit: displayName(inKept.unit, inKept.value) };
      }
      var own = unit.system === "us" ? "us" : "metric";
      var target = system === "us" ? "us" : system === "metric" ? "metric" : own;
      var base = scaled(q, unit.factor);
      var quarterCup = multiply(units.cup.factor, rational(1, 4));
      var spoons = (unit.id === "tsp" || unit.id === "tbsp") && compare(base.high, quarterCup) < 0;
      var shown = target === "us" || spoons
        ? us(base, unit.dimension, unit, own !== "us", units)
        : metric(base, unit.dimension, unit, own !== "metric", units);
      return { number: shown.number, unit: displayName(shown.unit, shown.value) };
    }

    // "3/2" or "2/1-3/1" → a quantity; null for anything else.
    function parseQuantity(text) {
      var match = /^\s*(-?\d+)\/(\d+)(?:-(\d+)\/(\d+))?\s*$/.exec(String(text));
      if (!match) return null;
      var low = normalised(BigInt(match[1]), BigInt(match[2]));
      if (!match[3]) return low && exact(low);
      var high = normalised(BigInt(match[3]), BigInt(match[4]));
      return low && high ? { low: low, high: high, range: true } : null;
    }

    // "g|mass|metric|1/1|g|gram|grams;kg|…" (QuantityDisplay.unitTable) → units by id.
    function parseUnits(text) {
      var table = {};
      String(text || "").split(";").forEach(function (entry) {
        var u = entry.split("|"), factor = parseQuantity(u[3]);
        if (u.length !== 7 || !factor || factor.range) return;
        table[u[0]] = { id: u[0], dimension: u[1], system: u[2], factor: factor.low, symbol: u[4] || null, singular: u[5], plural: u[6] };
      });
      return table;
    }

    function text(shown) { return shown.unit === null ? shown.number : shown.number + " " + shown.unit; }

    // PlanAmount.wholeIfCounted: a plain count, or a count of what a shop
    // sells only whole (PlanAmount.soldWhole), rounded up to whole things.
    var SOLD_WHOLE = ["can", "tin", "jar", "bottle", "pack", "bag", "box", "tub", "carton", "container",
      "envelope", "sachet", "punnet", "loaf", "head", "bunch", "ear", "block"];
    function wholeIfCounted(q, unit, unitName) {
      if (unit ? SOLD_WHOLE.indexOf(unit.id) < 0 : unitName) return q;
      var whole = mapQuantity(q, function (value) {
        var down = rational(wholePart(value));
        return compare(value, down) > 0 ? add(down, R_ONE) : down;
      });
      // "½–1 chillies" buys one, not "1–1".
      return whole.range && compare(whole.low, whole.high) === 0 ? exact(whole.high) : whole;
    }

    // QuantityDisplay.approximateMass: "167 g", "1.25 kg", "4.5 g".
    function approximateMass(grams) {
      var kilos = compare(grams.low, rational(1000)) >= 0;
      var value = kilos ? scaled(grams, rational(1, 1000)) : grams;
      return format(value, function (v) {
        return decimalString(v, kilos ? 2 : compare(v, rational(10)) < 0 ? 1 : 0);
      }) + (kilos ? " kg" : " g");
    }

    function ladderOf(unit) {
      return !unit ? [] : unit.dimension === "mass" ? ["kg", "g", "lb", "oz"]
        : unit.dimension === "volume" ? ["l", "ml", "cup", "tbsp", "tsp"] : [];
    }

    // One ingredient for `servings` of a recipe written for `base`, as a
    // shopping line shows it (PlanLine.amountText): the quantity times
    // servings/base, a plain count rounded up, in the unit written, the
    // packages' size after it ("2 tins (800 g)"), and in a metric kitchen a
    // volume of a food bought by weight as its weight ("≈ 340 g (3 cups)").
    // `item`: {qty, unit, unitName, size, sizeUnit, sizeUnitName, gramsPerCup}
    // as the page holds them; null when it cannot be read.
    function scaledAmount(item, servings, base, system, units) {
      var q = parseQuantity(item.qty), unit = item.unit ? units[item.unit] : null;
      var size = item.size ? parseQuantity(item.size) : null, sizeUnit = item.sizeUnit ? units[item.sizeUnit] : null;
      if (!q || (item.unit && !unit) || (item.size && !size) || (item.sizeUnit && !sizeUnit) || !(base > 0)) return null;
      if (!ladderOf(unit).concat(ladderOf(sizeUnit)).every(function (id) { return units[id]; })) return null;
      var unitName = unit ? null : item.unitName || null;
      var amountQ = wholeIfCounted(scaled(q, divide(rational(servings), rational(base))), unit, unitName);
      var shown = text(amount(amountQ, unit, unitName, system, units, unit));
      if (size) {
        var sizeName = sizeUnit ? null : item.sizeUnitName || null;
        shown += size.range
          ? " (" + text(amount(size, sizeUnit, sizeName, null, units, sizeUnit)) + " each)"
          : " (" + text(amount(scaled(amountQ, size.low), sizeUnit, sizeName, null, units, sizeUnit)) + ")";
      }
      var perCup = item.gramsPerCup ? parseQuantity(item.gramsPerCup) : null;
      if (system === "metric" && perCup && !perCup.range && unit && unit.dimension === "volume" && !size) {
        var cups = scaled(amountQ, divide(unit.factor, units.cup.factor));
        shown = "≈ " + approximateMass(scaled(cups, perCup.low)) + " (" + shown + ")";
      }
      return shown;
    }

    return { parseUnits: parseUnits, scaledAmount: scaledAmount };
  })();

  // The control a recipe page leaves to the script: a label, the number
  // between − and + buttons, and a status for screen readers.
  function makeServingsControl(control, base) {
    function element(tag, attributes, text) {
      var made = document.createElement(tag);
      Object.keys(attributes).forEach(function (name) { made.setAttribute(name, attributes[name]); });
      if (text) made.textContent = text;
      return made;
    }
    function stepButton(step, label, sign) {
      var button = element("button", { type: "button", "class": "btn btn-icon", "data-servings-step": step, "aria-label": label });
      button.appendChild(element("span", { "aria-hidden": "true" }, sign));
      return button;
    }
    var stepper = element("div", { "class": "stepper" });
    stepper.appendChild(stepButton("-1", "Fewer servings", "\u2212"));
    stepper.appendChild(element("input", {
      type: "number", id: "servings-input", "class": "servings-input", min: "1", max: "999", step: "1",
      value: String(base), inputmode: "numeric", "data-servings-input": ""
    }));
    stepper.appendChild(stepButton("1", "More servings", "+"));
    control.appendChild(element("label", { "for": "servings-input" }, "Servings"));
    control.appendChild(stepper);
    control.appendChild(element("p", { "class": "visually-hidden", role: "status", "aria-live": "polite", "data-servings-status": "" }));
  }

  function setUpServings(control) {
    var base = parseInt(control.getAttribute("data-base-servings"), 10);
    if (base > 0 && !control.querySelector("[data-servings-input]")) makeServingsControl(control, base);
    var input = control.querySelector("[data-servings-input]");
    var status = control.querySelector("[data-servings-status]");
    var scope = control.closest("article") || document;
    if (!input || !(base > 0) || !Amounts) return;
    var units = Amounts.parseUnits(control.getAttribute("data-units"));
    var system = control.getAttribute("data-unit-system");

    var quantities = all("[data-qty]", scope).map(function (element) {
      return {
        element: element,
        unitElement: element.parentNode.querySelector("[data-unit-text]"),
        original: element.textContent,
        item: {
          qty: element.getAttribute("data-qty"),
          unit: element.getAttribute("data-unit"),
          unitName: element.getAttribute("data-unit-name"),
          size: element.getAttribute("data-size"),
          sizeUnit: element.getAttribute("data-size-unit"),
          sizeUnitName: element.getAttribute("data-size-unit-name"),
          gramsPerCup: element.getAttribute("data-grams-per-cup")
        }
      };
    }).filter(function (q) { return Amounts.scaledAmount(q.item, base, base, system, units) !== null; });

    // Rescaled, the whole amount goes in the quantity, its unit included
    // ("≈ 340 g (3 cups)"): the unit beside it is hidden.
    function apply(servings) {
      quantities.forEach(function (q) {
        var scaledText = servings === base ? null : Amounts.scaledAmount(q.item, servings, base, system, units);
        q.element.textContent = scaledText === null ? q.original : scaledText;
        if (q.unitElement) q.unitElement.hidden = scaledText !== null;
        q.element.classList.toggle("is-scaled", servings !== base);
      });
      // The "Serves" fact follows, so a printed page says what it is for.
      all("[data-servings-shown]", scope).forEach(function (element) { element.textContent = String(servings); });
      if (status) status.textContent = "Quantities for " + servings + (servings === 1 ? " serving." : " servings.");
    }

    function current() {
      var value = parseInt(input.value, 10);
      return value > 0 ? Math.min(value, 999) : base;
    }

    input.addEventListener("input", function () {
      var value = parseInt(input.value, 10);
      if (value > 0 && value <= 999) apply(value);
    });
    input.addEventListener("change", function () {
      input.value = current();
      apply(current());
    });
    all("[data-servings-step]", control).forEach(function (button) {
      button.addEventListener("click", function () {
        var next = Math.max(1, Math.min(999, current() + parseInt(button.getAttribute("data-servings-step"), 10)));
        input.value = next;
        apply(next);
      });
    });
    show(control);
  }

  // ---- Search -------------------------------------------------------------
  // The index: {"entries": [{title, href, kind, text}]}, hrefs from the site
  // root, set as window.larderSearchIndex by search/index.js, a deferred
  // script after this one: it has run once the page has loaded (a script,
  // not JSON to fetch, works from file:// too).

  function fold(text) {
    return String(text || "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }

  function loadIndex() {
    return new Promise(function (resolve, reject) {
      function take() {
        var index = window.larderSearchIndex;
        if (index) resolve(index); else reject(new Error("no index"));
      }
      if (window.larderSearchIndex || document.readyState === "complete") take();
      else window.addEventListener("load", take);
    });
  }

  function setUpSearch(form) {
    var input = form.querySelector("input[type=search]");
    var results = document.querySelector("[data-search-results]");
    var status = document.querySelector("[data-search-status]");
    var root = form.getAttribute("data-root") || "";
    var entries = null;
    if (!input || !results) return;

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var first = results.querySelector("a");
      if (first) first.focus();
    });

    function render() {
      var words = fold(input.value).split(/\s+/).filter(Boolean);
      results.textContent = "";
      if (!entries) return;
      if (words.length === 0) {
        status.textContent = entries.length + " recipes and lists to search.";
        return;
      }
      var hits = [];
      entries.forEach(function (entry, position) {
        var title = fold(entry.title);
        var haystack = title + " " + fold(entry.text);
        if (!words.every(function (word) { return haystack.indexOf(word) !== -1; })) return;
        var inTitle = words.filter(function (word) { return title.indexOf(word) !== -1; }).length;
        hits.push({ entry: entry, rank: inTitle === words.length ? 0 : inTitle > 0 ? 1 : 2, position: position });
      });
      hits.sort(function (a, b) { return a.rank - b.rank || a.position - b.position; });
      hits.slice(0, 100).forEach(function (hit) {
        var item = document.createElement("li");
        item.className = "search-result";
        var link = document.createElement("a");
        link.href = root + hit.entry.href;
        link.textContent = hit.entry.title;
        var kind = document.createElement("span");
        kind.className = "search-kind";
        kind.textContent = hit.entry.kind === "list" ? "List" : "Recipe";
        item.appendChild(link);
        item.appendChild(document.createTextNode(" "));
        item.appendChild(kind);
        results.appendChild(item);
      });
      var count = hits.length;
      status.textContent = count === 0 ? "Nothing found for “" + input.value.trim() + "”."
        : count + (count === 1 ? " result" : " results") + " for “" + input.value.trim() + "”.";
    }

    input.addEventListener("input", render);

    var query = "";
    try { query = new URLSearchParams(window.location.search).get("q") || ""; } catch (error) { query = ""; }
    if (query) input.value = query;

    status.textContent = "Loading the search index…";
    loadIndex().then(function (index) {
      entries = (index && index.entries) || [];
      render();
    }, function () {
      status.textContent = "The search index could not be loaded. Pages opened straight from disk may block it; browse from the home page instead.";
    });
  }

  // ---- Offline: the service worker ----------------------------------------
  // sw.js, at the site's root (one folder above this script), keeps the
  // site's own pages for use with no signal (docs/site.md, "Offline"). Only
  // over http(s): file:// has no service workers, and pages work without
  // one. `larder serve` answers sw.js with 404, so its preview is never
  // cached (see LiveReload).

  // Read now: document.currentScript is this script only while it first runs.
  var scriptURL = typeof document === "object" && document.currentScript ? document.currentScript.src : null;

  function registerServiceWorker() {
    if (!scriptURL || !("serviceWorker" in navigator)) return;
    if (window.location.protocol !== "https:" && window.location.protocol !== "http:") return;
    var worker;
    try { worker = new URL("../sw.js", scriptURL); } catch (error) { return; }
    if (worker.origin !== window.location.origin) return;
    navigator.serviceWorker.register(worker.href).catch(function () {
      // No worker (a preview, a host that refuses it): the site works as before.
    });
  }

  // ---- History and suggestions (list pages) --------------------------------
  // The build writes "2 days ago" from the time it was made (the commit's, or
  // SOURCE_DATE_EPOCH): here it is counted again from the reader's clock, in
  // the steps of HistoryDate.relative (Swift), which the tests compare.

  function relativeTime(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    function ago(count, unit) { return count + " " + unit + (count === 1 ? "" : "s") + " ago"; }
    var day = 86400;
    if (seconds < 60) return "just now";
    if (seconds < 3600) return ago(Math.floor(seconds / 60), "minute");
    if (seconds < day) return ago(Math.floor(seconds / 3600), "hour");
    if (seconds < 2 * day) return "yesterday";
    if (seconds < 30 * day) return ago(Math.floor(seconds / day), "day");
    if (seconds < 365 * day) return ago(Math.floor(seconds / (30 * day)), "month");
    return ago(Math.floor(seconds / (365 * day)), "year");
  }

  function refreshRelativeTimes() {
    var now = Date.now();
    all("time[data-relative][datetime]").forEach(function (element) {
      var then = Date.parse(element.getAttribute("datetime"));
      if (!isNaN(then)) element.textContent = relativeTime((now - then) / 1000);
    });
  }

  // A suggestion tapped becomes a reminder: a line of the reader's own view
  // of the list (in this browser only; the file is not changed), ticked off
  // or removed like the file's own items.
  function setUpReminders(root) {
    var list = root.closest("[data-storage-key]");
    var shelf = root.querySelector("[data-reminders]");
    if (!list || !shelf) return;
    var key = list.getAttribute("data-storage-key") + ":reminders";
    function read() {
      var value = storage.read(key).names;
      return Array.isArray(value) ? value.filter(function (name) { return typeof name === "string"; }) : [];
    }
    function render() {
      var names = read();
      shelf.textContent = "";
      shelf.hidden = names.length === 0;
      names.forEach(function (name) {
        var item = document.createElement("li");
        item.className = "item reminder";
        var label = document.createElement("span");
        label.className = "item-name";
        label.textContent = name;
        var remove = document.createElement("button");
        remove.type = "button";
        remove.className = "btn btn-quiet";
        remove.textContent = "Remove";
        remove.setAttribute("aria-label", "Remove the reminder " + name);
        remove.addEventListener("click", function () {
          storage.write(key, { names: read().filter(function (other) { return other !== name; }) });
          render();
          announce(list, "Removed the reminder " + name + ".");
        });
        item.appendChild(label);
        item.appendChild(document.createTextNode(" "));
        item.appendChild(remove);
        shelf.appendChild(item);
      });
    }
    all("[data-action=remind]", root).forEach(function (button) {
      show(button);
      button.addEventListener("click", function () {
        var name = button.getAttribute("data-name") || "";
        var names = read();
        if (name && names.indexOf(name) < 0) names.push(name);
        storage.write(key, { names: names });
        render();
        announce(list, "Added " + name + " as a reminder.");
      });
    });
    render();
  }

  // ---- Start --------------------------------------------------------------

  // The tests load this file in node to hold its amounts to the CLI's.
  if (typeof module === "object" && module && module.exports) {
    module.exports.Amounts = Amounts;
    module.exports.relativeTime = relativeTime;
    return;
  }

  function start() {
    document.documentElement.classList.add("js");
    all("[data-checklist]").forEach(setUpChecklist);
    setUpActions();
    all("[data-servings]").forEach(setUpServings);
    all("form[data-search]").forEach(setUpSearch);
    registerServiceWorker();
    refreshRelativeTimes();
    all("[data-suggestions]").forEach(setUpReminders);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
