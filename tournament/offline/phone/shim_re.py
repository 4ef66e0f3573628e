"""The phone's `re` (docs/offline.md, "The rules engine on the phone"): MicroPython's own
`re` has no `\\b`, no IGNORECASE, no `(?:...)`, no `split` nor `groups()`, and reads a
character class byte by byte, so the entry package's patterns (tournament/entry/) run on
this small backtracking matcher instead. Shipped to the phone only (bundle.py installs it
as `re` there); tests/offline/test_phone_shims.py holds it to CPython's `re` on the
patterns the package uses.

The subset: literals and escapes, `.`, classes with ranges and negation, `\\d \\s \\w`
(and their negations), `^ $ \\b \\B`, groups (numbered and `(?:...)`), `|`, the greedy
and lazy `* + ?`, IGNORECASE; compile, match, fullmatch, search, sub (a template or a
function), split; a match's group, groups, start, end, span. Anything else is refused
with `error`, never matched differently. Not the same as CPython: `\\d` and `\\w` beyond
ASCII, and IGNORECASE beyond ASCII letters, follow MicroPython's str methods.

Speed: this matcher is Python run by MicroPython, a hundred times slower than a regular
expression in C. So a pattern is also translated, where it can be, for MicroPython's own
`re` (`(?:...)` made a numbered group, IGNORECASE spelled out as `[lL]`, a class's letters
beyond ASCII dropped), which answers for a string of printable ASCII (and tabs): there
both agree with CPython. Any other string, or a pattern it cannot take (`\\b`), goes to
the matcher above."""

import sys

try:  # the interpreter's own `re` (imported before boot.py puts this module in its place)
    import re as _native
except ImportError:  # pragma: no cover
    _native = None
# "No limit" for a compiled pattern's split: -1 in MicroPython, 0 in CPython.
_ALL = -1 if sys.implementation.name == "micropython" else 0

IGNORECASE = I = 2  # noqa: E741 - the names `re` gives it

_SET, _START, _END, _BOUND, _NBOUND, _GROUP, _REP = range(7)
_SPACE = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000"
_SPACE += "".join(chr(c) for c in range(0x2000, 0x200B))
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\x0c", "v": "\x0b", "a": "\x07"}


class error(Exception):  # noqa: N801 - the name `re` gives it
    pass


def _category(cat, c):
    if cat == "d":
        return "0" <= c <= "9" or (c > "\x7f" and c.isdigit())
    if cat == "s":
        return c in _SPACE
    # w: a letter, a digit or "_"
    return c == "_" or c.isalpha() or c.isdigit()


def _in(node, c):
    for lo, hi in node[1]:
        if lo <= c <= hi:
            return True
    for cat in node[2]:
        if cat.islower():
            if _category(cat, c):
                return True
        elif not _category(cat.lower(), c):
            return True
    return False


def _test(node, c, icase):
    hit = _in(node, c)
    if not hit and icase:
        low, up = c.lower(), c.upper()
        hit = (low != c and _in(node, low)) or (up != c and _in(node, up))
    return hit != node[3]


class _Parser:
    def __init__(self, pattern):
        self.p = pattern
        self.i = 0
        self.groups = 0

    def parse(self):
        alt = self.alt()
        if self.i < len(self.p):
            raise error(f"unbalanced parenthesis at position {self.i}")
        return alt

    def alt(self):
        seqs = [self.seq()]
        while self.i < len(self.p) and self.p[self.i] == "|":
            self.i += 1
            seqs.append(self.seq())
        return seqs

    def seq(self):
        out = []
        p = self.p
        while self.i < len(p) and p[self.i] not in "|)":
            node = self.atom()
            if self.i < len(p) and p[self.i] in "*+?":
                if node[0] in (_START, _END, _BOUND, _NBOUND):
                    raise error(f"nothing to repeat at position {self.i}")
                q = p[self.i]
                self.i += 1
                lo, hi = (0, None) if q == "*" else (1, None) if q == "+" else (0, 1)
                greedy = True
                if self.i < len(p) and p[self.i] == "?":
                    greedy = False
                    self.i += 1
                node = (_REP, node, lo, hi, greedy)
            elif self.i < len(p) and p[self.i] == "{" and self._counted():
                raise error("counted repetition {m,n} is not supported on the phone")
            out.append(node)
        return out

    def _counted(self):
        rest = self.p[self.i + 1:]
        close = rest.find("}")
        inner = rest[:close] if close > 0 else ""
        return bool(inner) and all(c in "0123456789," for c in inner)

    def atom(self):
        p = self.p
        c = p[self.i]
        self.i += 1
        if c == "(":
            index = None
            if p.startswith("?:", self.i):
                self.i += 2
            elif p.startswith("?", self.i):
                raise error("only (...) and (?:...) groups are supported on the phone")
            else:
                self.groups += 1
                index = self.groups
            alt = self.alt()
            if self.i >= len(p) or p[self.i] != ")":
                raise error("missing ), unterminated subpattern")
            self.i += 1
            return (_GROUP, index, alt)
        if c == "[":
            return self.klass()
        if c == ".":
            return (_SET, (("\n", "\n"),), "", True)
        if c == "^":
            return (_START,)
        if c == "$":
            return (_END,)
        if c == "\\":
            return self.escape()
        if c in "*+?":
            raise error(f"nothing to repeat at position {self.i - 1}")
        return (_SET, ((c, c),), "", False)

    def _escaped_char(self):
        """After a backslash: (a character, None) or (None, a category letter)."""
        if self.i >= len(self.p):
            raise error("bad escape (end of pattern)")
        c = self.p[self.i]
        self.i += 1
        if c in "dswDSW":
            return None, c
        if c in _ESCAPES:
            return _ESCAPES[c], None
        if c.isalpha() or c.isdigit():
            raise error("bad escape \\" + c)
        return c, None

    def escape(self):
        c = self.p[self.i] if self.i < len(self.p) else ""
        if c == "b":
            self.i += 1
            return (_BOUND,)
        if c == "B":
            self.i += 1
            return (_NBOUND,)
        char, cat = self._escaped_char()
        if cat:
            return (_SET, (), cat, False)
        return (_SET, ((char, char),), "", False)

    def klass(self):
        p = self.p
        negated = False
        if self.i < len(p) and p[self.i] == "^":
            negated = True
            self.i += 1
        ranges, cats = [], ""
        first = True
        while True:
            if self.i >= len(p):
                raise error("unterminated character set")
            c = p[self.i]
            if c == "]" and not first:
                self.i += 1
                break
            first = False
            self.i += 1
            cat = None
            if c == "\\":
                c, cat = self._escaped_char()
            if cat:
                cats += cat
                continue
            if self.i + 1 < len(p) and p[self.i] == "-" and p[self.i + 1] != "]":
                self.i += 1
                hi = p[self.i]
                self.i += 1
                if hi == "\\":
                    hi, cat = self._escaped_char()
                    if cat:
                        raise error("bad character range")
                if hi < c:
                    raise error(f"bad character range {c}-{hi}")
                ranges.append((c, hi))
            else:
                ranges.append((c, c))
        return (_SET, tuple(ranges), cats, negated)


def _word(s, pos):
    return 0 <= pos < len(s) and _category("w", s[pos])


class _State:
    def __init__(self, s, groups, icase):
        self.s = s
        self.caps = [-1] * (2 * groups + 2)
        self.icase = icase


def _alt(alt, pos, st, k):
    for seq in alt:
        if _seq(seq, 0, pos, st, k):
            return True
    return False


def _seq(seq, i, pos, st, k):
    s = st.s
    while i < len(seq):
        node = seq[i]
        kind = node[0]
        if kind == _SET:
            if pos < len(s) and _test(node, s[pos], st.icase):
                pos += 1
                i += 1
                continue
            return False
        if kind == _START:
            if pos != 0:
                return False
        elif kind == _END:
            if not (pos == len(s) or (pos == len(s) - 1 and s[pos] == "\n")):
                return False
        elif kind == _BOUND or kind == _NBOUND:
            edge = _word(s, pos - 1) != _word(s, pos)
            if edge != (kind == _BOUND):
                return False
        else:
            rest = _rest(seq, i + 1, st, k)
            if kind == _GROUP:
                return _group(node, pos, st, rest)
            return _rep(node, pos, st, rest)
        i += 1
    return k(pos)


def _rest(seq, i, st, k):
    if i == len(seq):
        return k
    return lambda p: _seq(seq, i, p, st, k)


def _group(node, pos, st, k):
    index = node[1]
    if index is None:
        return _alt(node[2], pos, st, k)

    def close(end):
        caps = st.caps
        old = caps[2 * index], caps[2 * index + 1]
        caps[2 * index], caps[2 * index + 1] = pos, end
        if k(end):
            return True
        caps[2 * index], caps[2 * index + 1] = old
        return False

    return _alt(node[2], pos, st, close)


def _rep(node, pos, st, k):
    _, child, lo, hi, greedy = node
    if child[0] == _SET:  # one character at a time: no recursion per character
        s = st.s
        limit = len(s) - pos if hi is None else min(hi, len(s) - pos)
        n = 0
        while n < limit and _test(child, s[pos + n], st.icase):
            n += 1
        if n < lo:
            return False
        counts = range(n, lo - 1, -1) if greedy else range(lo, n + 1)
        for c in counts:
            if k(pos + c):
                return True
        return False

    def step(p, count):
        def again(q):
            return (q != p or count < lo) and step(q, count + 1)

        more = hi is None or count < hi
        if greedy:
            if more and _seq((child,), 0, p, st, again):
                return True
            return count >= lo and k(p)
        if count >= lo and k(p):
            return True
        return more and _seq((child,), 0, p, st, again)

    return step(pos, 0)


class Match:
    def __init__(self, pattern, string, caps):
        self.re = pattern
        self.string = string
        self._caps = caps

    def span(self, group=0):
        return self._caps[2 * group], self._caps[2 * group + 1]

    def start(self, group=0):
        return self._caps[2 * group]

    def end(self, group=0):
        return self._caps[2 * group + 1]

    def group(self, *indexes):
        if not indexes:
            indexes = (0,)
        out = []
        for index in indexes:
            if not 0 <= index <= self.re.groups:
                raise IndexError("no such group")
            a, b = self._caps[2 * index], self._caps[2 * index + 1]
            out.append(None if a < 0 else self.string[a:b])
        return out[0] if len(out) == 1 else tuple(out)

    def groups(self, default=None):
        out = []
        for index in range(1, self.re.groups + 1):
            value = self.group(index)
            out.append(default if value is None else value)
        return tuple(out)

    def __getitem__(self, index):
        return self.group(index)


def _translate(pattern, icase):
    """The pattern for MicroPython's `re` and where each group went there, or None."""
    out, groups, i, n = [], [], 0, len(pattern)
    count = 0  # groups opened in the native pattern
    while i < n:
        c = pattern[i]
        if c == "\\":
            e = pattern[i + 1] if i + 1 < n else ""
            if not (e in "dDsSwW" or (e and not e.isalpha() and not e.isdigit()
                                      and " " <= e <= "~")):
                return None
            out.append(c + e)
            i += 2
            continue
        if c == "(":
            count += 1
            if pattern.startswith("(?:", i):
                i += 3
            elif pattern.startswith("(?", i):
                return None
            else:
                groups.append(count)
                i += 1
            out.append("(")
            continue
        if c == "[":
            close = i + 1
            if close < n and pattern[close] == "^":
                close += 1
            if close < n and pattern[close] == "]":
                close += 1
            while close < n and pattern[close] != "]":
                close += 2 if pattern[close] == "\\" else 1
            if close >= n:
                return None
            body = pattern[i + 1:close]
            kept = "".join(ch for ch in body if ch <= "~")
            if kept != body:
                # Beyond ASCII: never in a plain string, so dropped, unless the class is
                # negated or the character ends a range.
                if body.startswith("^") or any(
                        ch > "~" and (body[k - 1:k] == "-" and k > 1 or body[k + 1:k + 2] == "-"
                                      and k + 2 < len(body))
                        for k, ch in enumerate(body)):
                    return None
            if icase:
                letters = [ch for ch in kept if ch.isalpha()]
                if letters and "-" in kept.strip("-"):
                    return None  # a range of letters: left to the matcher
                kept += "".join(ch.lower() if ch.isupper() else ch.upper() for ch in letters)
            if kept in ("", "^"):
                return None
            out.append("[" + kept + "]")
            i = close + 1
            continue
        if c == "{" or c > "~" or c < " ":
            return None
        if icase and c.isalpha():
            out.append("[" + c.lower() + c.upper() + "]")
        else:
            out.append(c)
        i += 1
    return "".join(out), tuple(groups)


def _plain(string):
    """Printable ASCII and tabs only: where MicroPython's `re` answers as CPython's."""
    return len(string) == len(string.encode()) and not _CONTROL.search(string) and (
        "\x00" not in string)


_CONTROL = _native.compile("[\x01-\x08\n-\x1f\x7f]") if _native else None


_MISSING = object()
_SPECIAL = "\\.^$*+?{}[]()|"


def _prefix(pattern, flags):
    """The text every match begins with, or "": for a pattern without `|` and without
    IGNORECASE, the literal characters after an optional leading `\b` (none followed by
    a quantifier). A search tries only the positions where it occurs (str.find, in C),
    not every position with the matcher: `\bseat 0\b` in a message of 80 letters is
    one try instead of 80."""
    if flags & IGNORECASE or "|" in pattern:
        return ""
    i = 2 if pattern.startswith("\\b") else 0
    out = []
    while i < len(pattern) and pattern[i] not in _SPECIAL:
        if i + 1 < len(pattern) and pattern[i + 1] in "*+?{":
            break
        out.append(pattern[i])
        i += 1
    return "".join(out)


class _NativeMatch:
    """A match of MicroPython's `re`, its groups numbered as the pattern's. That `re` says
    no positions: asked for one, the matcher above finds the same match again."""

    def __init__(self, pattern, m, string, shift=0):
        self.re = pattern
        self.string = string
        self._m = m
        self._shift = shift
        self._slow = None

    def _whole(self):
        """The match's (start, end) where the pattern pins it: to the string's end (a
        pattern ending in `$`, the string having no newline) or to its start (`^`)."""
        text = self._m.group(self._shift)
        if self.re._anchored_end:
            return len(self.string) - len(text), len(self.string)
        if self.re.pattern.startswith("^"):
            return 0, len(text)
        return None

    def _positions(self):
        if self._slow is None:
            if self._shift:
                self._slow = self.re._at(self.string, 0, True)
            else:
                self._slow = self.re._search(self.string, 0)
        return self._slow

    def span(self, group=0):
        whole = self._whole() if group == 0 else None
        return whole if whole is not None else self._positions().span(group)

    def start(self, group=0):
        return self.span(group)[0]

    def end(self, group=0):
        return self.span(group)[1]

    def _one(self, index):
        if not 0 <= index <= self.re.groups:
            raise IndexError("no such group")
        return self._m.group(self._shift if index == 0 else self.re._map[index - 1] + self._shift)

    def group(self, *indexes):
        if len(indexes) < 2:  # the common case, without a list: m.group(1)
            return self._one(indexes[0] if indexes else 0)
        return tuple(self._one(index) for index in indexes)

    def groups(self, default=None):
        out = []
        for index in range(1, self.re.groups + 1):
            value = self.group(index)
            out.append(default if value is None else value)
        return tuple(out)

    def __getitem__(self, index):
        return self.group(index)


class Pattern:
    def __init__(self, pattern, flags=0):
        if not isinstance(pattern, str):
            raise TypeError("a pattern is a str on the phone")
        self.pattern = pattern
        self.flags = flags
        parser = _Parser(pattern)
        self._alt = parser.parse()
        self.groups = parser.groups
        self._fast = self._full = None
        # The answers of match, fullmatch and search from the start, by string: the same
        # field names and tiles come again and again (a Match is never changed).
        self._memo = ({}, {}, {})
        self._anchored_end = pattern.endswith("$") and not pattern.endswith("\\$")
        self._prefix = _prefix(pattern, flags)
        # `^` (no MULTILINE here) matches at the string's start only: one try, at 0.
        self._at_start = pattern.startswith("^") and "|" not in pattern
        translated = _translate(pattern, bool(flags & IGNORECASE)) if _native else None
        if translated is not None:
            try:
                self._fast = _native.compile(translated[0])
                self._full = _native.compile("(" + translated[0] + ")$")
                self._map = translated[1]
            except Exception:  # noqa: BLE001 - not for the interpreter's `re`: the matcher
                self._fast = self._full = None

    def _at(self, string, pos, full):
        st = _State(string, self.groups, bool(self.flags & IGNORECASE))

        def done(end):
            if full and end != len(string):
                return False
            st.caps[0], st.caps[1] = pos, end
            return True

        if _alt(self._alt, pos, st, done):
            return Match(self, string, st.caps)
        return None

    def _native_ok(self, string, pos):
        return self._fast is not None and pos == 0 and _plain(string)

    def _remember(self, way, string, pos):
        if pos:
            return self._find(way, string, pos)
        memo = self._memo[way]
        found = memo.get(string, _MISSING)
        if found is _MISSING:
            if len(memo) > 4096:
                memo.clear()
            found = memo[string] = self._find(way, string, 0)
        return found

    def _find(self, way, string, pos):
        if self._native_ok(string, pos):
            native = self._full if way == 1 else self._fast
            m = native.search(string) if way == 2 else native.match(string)
            return None if m is None else _NativeMatch(self, m, string, 1 if way == 1 else 0)
        if way == 2:
            return self._search(string, pos)
        return self._at(string, pos, way == 1)

    def match(self, string, pos=0):
        return self._remember(0, string, pos)

    def fullmatch(self, string, pos=0):
        return self._remember(1, string, pos)

    def search(self, string, pos=0):
        return self._remember(2, string, pos)

    def _search(self, string, pos):
        if self._at_start:
            return self._at(string, 0, False) if pos == 0 else None
        prefix = self._prefix
        while pos <= len(string):
            if prefix:
                pos = string.find(prefix, pos)
                if pos < 0:
                    return None
            m = self._at(string, pos, False)
            if m is not None:
                return m
            pos += 1
        return None

    def _matches(self, string, count=0):
        """Non-overlapping matches, left to right; an empty match next to the previous
        match is skipped, as CPython does."""
        pos, last_end, n = 0, -1, 0
        while pos <= len(string) and (not count or n < count):
            m = self._search(string, pos)
            if m is None:
                return
            a, b = m.span()
            if a == b and a == last_end:
                pos = a + 1
                continue
            yield m
            n += 1
            last_end = b
            pos = b if b > a else b + 1

    def split(self, string, maxsplit=0):
        if not self.groups and self._native_ok(string, 0) and not self._fast.match(""):
            return self._fast.split(string, maxsplit or _ALL)
        out, last = [], 0
        for m in self._matches(string, maxsplit):
            out.append(string[last:m.start()])
            out.extend(m.groups())
            last = m.end()
        out.append(string[last:])
        return out

    def sub(self, repl, string, count=0):
        expand = repl if callable(repl) else _template(repl, self.groups)
        if self._native_ok(string, 0) and not self._fast.match(""):
            return self._fast.sub(lambda m: expand(_NativeMatch(self, m, string)), string, count)
        out, last = [], 0
        for m in self._matches(string, count):
            out.append(string[last:m.start()])
            out.append(expand(m))
            last = m.end()
        out.append(string[last:])
        return "".join(out)


def _template(repl, groups):
    """A replacement string's pieces: text, and \\1 or \\g<1> group references."""
    parts, text, i = [], "", 0
    while i < len(repl):
        c = repl[i]
        i += 1
        if c != "\\":
            text += c
            continue
        if i >= len(repl):
            raise error("bad escape (end of pattern)")
        c = repl[i]
        i += 1
        index = None
        if c == "g":
            close = repl.find(">", i)
            if not repl.startswith("<", i) or close < 0:
                raise error("missing group name")
            name = repl[i + 1:close]
            if not name.isdigit():
                raise error("only numbered groups are supported on the phone")
            index = int(name)
            i = close + 1
        elif c.isdigit():
            digits = c
            if i < len(repl) and repl[i].isdigit():
                digits += repl[i]
                i += 1
            index = int(digits)
        elif c in _ESCAPES:
            text += _ESCAPES[c]
        elif c == "\\":
            text += "\\"
        elif c.isalpha():
            raise error("bad escape \\" + c)
        else:
            text += "\\" + c
        if index is not None:
            if index > groups:
                raise error(f"invalid group reference {index}")
            parts.append(text)
            parts.append(index)
            text = ""
    parts.append(text)

    def expand(m):
        return "".join(p if isinstance(p, str) else (m.group(p) or "") for p in parts)

    return expand


_cache = {}


def compile(pattern, flags=0):  # noqa: A001 - the name `re` gives it
    if isinstance(pattern, Pattern):
        return pattern
    key = (pattern, flags)
    if key not in _cache:
        _cache[key] = Pattern(pattern, flags)
    return _cache[key]


def match(pattern, string, flags=0):
    return compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).sub(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return compile(pattern, flags).split(string, maxsplit)
