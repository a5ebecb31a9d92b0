#!/usr/bin/env python3
"""slider-diff.py - rh-load against Slider's own reader, on generated input.

usage:
  slider-diff.py fuzz [--seed N] [--minutes M] [--files N] [--mode strict|default]
                      [--out DIR] [--batch N] [--keep]
  slider-diff.py check FILE...         compare on these files, say what differs
  slider-diff.py golden DIR FILE...    add FILEs to the golden cases in DIR

Slider's reader is a program that prints, per file, whether Slider's own
RoleHistoryWriter.read takes it and what it decoded, or the exception it
throws, as JSON lines ({"file":F,"accepted":...}, then "header",
"rolemap", "entry", "footer" lines, or "error"). Set SLIDER_READ to it
(or --slider-read); RH_LOAD (--rh-load) is the rh-load to test.

fuzz generates histories (random saves in every layout, encoding and
size that matters) and mutations of them (bytes and tokens inserted,
dropped, repeated, spliced, cut), from a seed, in batches; runs both
readers; compares; minimises every disagreement (shortest input, same
disagreement) and writes it to DIR with what each reader said. It runs
for --minutes or --files, whichever ends first, and exits 1 when it found
a disagreement.

The comparison (the contract of rh-load(1)):
  --strict   rh-load takes exactly the files Slider takes; when both
             refuse, rh-load quotes Slider's message word for word
             ("Slider: \"...\"", its line break shown as a space, the
             Java object it names as "...", NUL and unpaired surrogates
             as \\u escapes, other control characters as placekit's
             messages show them; "Slider: CLASS" when the exception has
             no message).
  default    every file Slider takes, rh-load takes; a file Slider
             refuses, rh-load may read, with Slider's words in a warning
             (placekit's own records aside).
  Where both take a file, the values are the same: the header's version,
  saved, savedx, savedate, roles; the mapping; the entries after the
  restart rebuild (active: last used at the save time; the last record
  of a (host, role) wins). An entry whose role id cannot be a role
  (below 0, 2^30 or more) is left out on both sides: rh-load drops it,
  with a warning, where Slider would keep it unless no role has the id.

golden writes FILE (its basename) into DIR and adds its expected verdict
and values to DIR/cases.txt, as Slider's reader gives them: the tests
(tests/unit/t_slider.c) check rh-load against them without Java.
"""
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

NS = "org.apache.slider.server.avro."
NOW = "1500000000000"


# --- the readers ---------------------------------------------------------

def slider_parse(text):
    """Slider's verdicts from its reader's output: {path: result}."""
    out = {}
    cur = None
    for line in text.decode("utf-8", "surrogatepass").split("\n")[:-1]:
        d = json.loads(line)
        if "file" in d:
            cur = {"accepted": d["accepted"], "error": d.get("error"),
                   "entries": [], "rolemap": {}, "logs": []}
            out[d["file"]] = cur
        elif "header" in d:
            cur["header"] = d["header"]
        elif "rolemap" in d:
            cur["rolemap"] = d["rolemap"]
        elif "entry" in d:
            cur["entries"].append(d["entry"])
        elif "footer" in d:
            cur["footer"] = d["footer"]["count"]
        elif "log" in d:
            cur["logs"].append(d["log"]["message"])
    return out


def slider_start(prog, files, work):
    """Start Slider's reader on files, each as rh-load reads it: as if
    alone in its process. Past the end of a UTF-32 input whose length is
    no multiple of 4, its reader reads what its buffer held before: a
    buffer another file's parser gave back. A file it refuses at once goes
    first and keeps its buffer, so the next one gets a fresh one (zeros,
    as rh-load takes it). And a file whose names may have NUL bytes gets
    an empty table of names (flush_names)."""
    taker = os.path.join(work, "taker.json")
    with open(taker, "wb") as f:
        f.write(b"x")
    flusher = os.path.join(work, "flusher.json")
    with open(flusher, "w") as f:
        f.write(flush_names())
    args = [prog]
    for p in files:
        with open(p, "rb") as f:
            data = f.read()
        # a name with a NUL byte: read as the process's first file
        nul = b"\\u0000" in data
        if nul and args[-1] != flusher:
            args.append(flusher)
        if stale(data):
            args.append(taker)
        args.append(p)
        if nul:
            args.append(flusher)
    return subprocess.Popen(args, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)


def flush_names():
    """A file that empties the names Jackson's parsers share in the
    process: names a file read to its end leaves there can change how the
    next file's names with NUL bytes read ("host\\u0000" found as "host"),
    but a parser that reads more than 6,000 names to the end leaves an
    empty table."""
    keys = ",".join('"k%d":%d' % (i, i) for i in range(6001))
    return ('{"entry":{"%sRoleHistoryHeader":{"version":1,"saved":1,'
            '"savedx":"x","savedate":"x","roles":0}}}\n'
            '{"entry":{"%sRoleHistoryMapping":{"rolemap":{%s}}}}\n'
            % (NS, NS, keys))


def slider_read(prog, files):
    work = tempfile.mkdtemp(prefix="slider-diff.")
    try:
        out, _ = slider_start(prog, files, work).communicate(timeout=3600)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return slider_parse(out)


def rh_load(prog, path, mode):
    args = [prog, "--max-age", "0", "--now", NOW, path]
    if mode == "strict":
        args.insert(1, "--strict")
    try:
        p = subprocess.run(args, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=60)
    except subprocess.TimeoutExpired:
        return {"rc": "timeout", "stderr": "", "entries": []}
    r = {"rc": p.returncode, "entries": [], "rolemap": {},
         "stderr": p.stderr.decode("utf-8", "replace")}
    if p.returncode == 0:
        for line in p.stdout.decode("utf-8", "surrogatepass").split("\n")[:-1]:
            try:
                (k, v), = json.loads(line)["entry"].items()
            except ValueError:
                return {"rc": "bad-output", "stderr": line, "entries": []}
            k = k.replace(NS, "")
            if k == "RoleHistoryHeader":
                r["header"] = v
            elif k == "RoleHistoryMapping":
                r["rolemap"] = v["rolemap"]
            elif k == "NodeEntryRecord":
                r["entries"].append(v)
    return r


# --- the comparison ------------------------------------------------------

def words(err):
    """Slider's exception as rh-load quotes it."""
    if err.get("message") is None:
        return "Slider: " + err["class"]
    m = re.sub(r"java\.io\.FileInputStream@[0-9a-f]+", "...", err["message"])
    out = []
    for c in m:
        o = ord(c)
        if c == "\n":
            out.append(" ")
        elif o == 0 or 0xd800 <= o < 0xe000:
            out.append("\\u%04x" % o)
        elif c in "\t\r":
            out.append("\\t" if c == "\t" else "\\r")
        elif o < 0x20 or o == 0x7f:
            out.append("\\x%02x" % o)
        elif 0x80 <= o < 0xa0:
            out.append("\\xc2\\x%02x" % o)
        else:
            out.append(c)
    return 'Slider: "' + "".join(out) + '"'


def hkey(e):
    return (e["host"].encode("utf-8", "surrogatepass"), e["role"])


def rebuild(s):
    saved = s["header"]["saved"]
    m = {}
    for e in s["entries"]:
        if not 0 <= e["role"] < 1 << 30:
            continue
        lu = saved if e["active"] else e["last_used"]
        m[(e["host"], e["role"])] = {"host": e["host"], "role": e["role"],
                                     "active": False, "last_used": lu}
    return sorted(m.values(), key=hkey)


def same_values(s, r):
    """Where both read: the first difference, or None."""
    sh, rh = s["header"], r.get("header", {})
    for k in ("version", "saved", "savedx", "savedate", "roles"):
        if sh.get(k) != rh.get(k):
            return "header.%s: slider %r rh-load %r" % (k, sh.get(k), rh.get(k))
    if s.get("rolemap", {}) != r.get("rolemap", {}):
        return "rolemap: slider %r rh-load %r" % (s.get("rolemap"), r.get("rolemap"))
    got = [{k: e.get(k) for k in ("host", "role", "active", "last_used")}
           for e in sorted(r["entries"], key=hkey)]
    if rebuild(s) != got:
        exp = rebuild(s)
        for a, b in zip(exp, got):
            if a != b:
                return "entries: slider %r rh-load %r" % (a, b)
        return "entries: slider %d rh-load %d" % (len(exp), len(got))
    return None


COUNTERS = ("requested", "starting", "live", "releasing", "failed",
            "failed_recently", "start_failed", "preempted", "untrusted")


def placekit_refusal(err, data):
    """Slider refuses a state stream's own records and counters: rh-load
    reads them without a word (a rough test: a counter in the file)."""
    m = err.get("message") or ""
    if m.startswith("Unknown union branch placekit."):
        return True
    return (m.startswith("Expected record-end. Got FIELD_NAME") or
            m.startswith("Expected Unknown fields")) and \
        any(('"%s"' % c).encode(e) in data for c in COUNTERS
            for e in ("utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"))


def compare(s, r, mode, data):
    """The disagreement's class and details, or None."""
    if r["rc"] not in (0, 65):
        return ("rh-load-exit-%s" % r["rc"], r["stderr"][-300:])
    if s["accepted"]:
        if r["rc"] != 0:
            return ("slider-takes:rh-load-refuses", r["stderr"][-300:])
        d = same_values(s, r)
        if d:
            return ("values", d)
        if "Slider refuses" in r["stderr"]:
            return ("slider-takes:rh-load-warns-refusal", r["stderr"][-300:])
        return None
    w = words(s["error"])
    if mode == "strict":
        if r["rc"] == 0:
            return ("slider-refuses:rh-load-takes", w)
        last = r["stderr"].rstrip("\n").split("\n")[-1]
        if not last.endswith(w):
            return ("words", "slider %s | rh-load %s" % (w, last))
        return None
    if r["rc"] == 0 and w not in r["stderr"] and not placekit_refusal(s["error"], data):
        return ("slider-refuses:rh-load-takes-silently", w)
    return None


# --- generation ----------------------------------------------------------

def jhash(s):
    """Java's String.hashCode(), spread as HashMap spreads it."""
    h = 0
    for u in memoryview(s.encode("utf-16-le", "surrogatepass")).cast("H"):
        h = (31 * h + u) & 0xffffffff
    return h ^ (h >> 16)


class Gen:
    """Histories, their layouts and encodings, and mutations of them."""

    HOSTS = ["a.example", "node01.dc1", "192.168.1.85", "h\u00e9st\u4e2d",
             "x\U0001F600y", "", "a b", "tab\tin", "q\"uote", "back\\slash",
             "nul\u0000x", "lone\ud800", "low\udc00x", "ctl\u0001", "\u2028",
             "LONG" * 40]
    NAMES = ["slider-appmaster", "echo", "hbase", "regionserver", "", "a\u0000b",
             "\u00e9", "x\ud83d", "role", "role\u0000", "echo\u0000\u0000\u0000\u0000",
             "hbas\u0000e", "\u0000", "\u0000\u0000", "active", "acti\u0000ve"]
    TOKENS = ["{", "}", "[", "]", ",", ":", '"', "\\", "\\u", "\\u0000", "\\ud800",
              "\\uDC00", "\\x", "\\u00e", "true", "false", "null", "tru", "nul",
              "truex", "0", "-0", "01", "-", "+1", "1.", "1.5", ".5", "1e", "1e5",
              "1E+2", "1e-3", "1.0", "2147483647", "2147483648", "-2147483649",
              "9223372036854775807", "9223372036854775808",
              "99999999999999999999", "1e400", "NaN", "-Infinity", "Infinity",
              "\x00", "\x01", "\x7f", "\t", "\n", "\r", "\r\n", " ", "/", "//",
              "/*", "'", "\xc3\xa9", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80",
              "\xff", "\x80", "\xe2\x82", "\xef\xbb\xbf", "\ufeff",
              '"entry"', '"' + NS + 'NodeEntryRecord"', '"' + NS + 'RoleHistoryHeader"',
              '"' + NS + 'RoleHistoryFooter"', '"' + NS + 'RoleHistoryMapping"',
              '"placekit.Role"', '"host"', '"role"', '"active"', '"last_used"',
              '"count"', '"rolemap"', '"version"', '"saved"', '"savedx"',
              '"savedate"', '"roles"', '"live"', '"extra"']

    def same_hash(self, t, n):
        """Up to n names of String.hashCode() t's, or of its bin."""
        r = self.r
        h = jhash(t)
        out = set()
        for _ in range(50 * n):
            if len(out) >= n:
                break
            c = [ord(x) for x in t]
            if len(c) < 2:
                c.append(ord("a"))
            for _ in range(r.randint(1, 3)):
                i = r.randrange(len(c) - 1)
                d = r.choice([-2, -1, 1, 2])
                c[i] += d
                c[i + 1] -= 31 * d
            if r.random() < 0.3:        # the same bin of 64 only
                c[-1] += 64 * r.choice([-1, 1])
            if all(0x20 < x < 0x7f and chr(x) not in '"\\' for x in c):
                k = "".join(map(chr, c))
                if k != t and (jhash(k) == h or ((jhash(k) ^ h) & 63) == 0):
                    out.add(k)
        return sorted(out)

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.clean = False      # only what Slider takes, values aside

    CLEAN_NUMS = ["1.0", "1.5", "-0.5", "1e0", "1E1", "2.5e2", "0.0", "-0",
                  "0.9", "3.99"]

    # values
    def num(self, kind):
        r = self.r
        x = r.random()
        if x < 0.55:
            return r.choice([0, 1, 2, 3, 7, 42]) if kind == "int" else \
                r.choice([0, 1440000000000, 1450435691617, 1500000000000])
        if self.clean:
            return r.choice(self.CLEAN_NUMS) if x < 0.75 else \
                r.randint(0, 3) if kind == "int" else r.randint(0, 2 ** 45)
        if x < 0.65:
            return r.choice(["1.0", "1.5", "-0.5", "1e0", "1E1", "2.5e2",
                             "1.45e12", "1450435691617.9", "0.0", "-0", "2147483647.5",
                             "-2147483648.5", "9.3e18", "-9.3e18", "1e400"])
        if x < 0.75:
            return r.choice([-1, 2 ** 30, 2 ** 30 - 1, 2 ** 31 - 1, 2 ** 31, -2 ** 31,
                             -2 ** 31 - 1, 2 ** 63 - 1, 2 ** 63, -2 ** 63, 10 ** 19,
                             10 ** 25])
        if x < 0.85:
            return r.choice(['"1"', "true", "null", "{}", "[]", "[1]", '"x"'])
        return r.randint(-5, 100) if kind == "int" else r.randint(0, 2 ** 45)

    def jstr(self, s):
        r = self.r
        out = ['"']
        for c in s:
            o = ord(c)
            if c in '"\\' or o < 0x20 or 0xd800 <= o < 0xe000:
                out.append("\\u%04x" % o if o < 0x20 or o >= 0xd800 or r.random() < 0.3
                           else "\\" + c)
            elif o > 0x7f and r.random() < 0.2:
                if o > 0xffff:
                    o -= 0x10000
                    out.append("\\u%04x\\u%04x" % (0xd800 + (o >> 10), 0xdc00 + (o & 0x3ff)))
                else:
                    out.append("\\u%04X" % o)
            else:
                out.append(c)
        out.append('"')
        return "".join(out)

    def val(self, kind):
        r = self.r
        if kind == "str":
            if self.clean or r.random() < 0.85:
                return self.jstr(r.choice(self.HOSTS + ["151b4b44461", "18 Dec 2015 10:48:11 GMT"]))
            return str(self.num("int"))
        if kind == "bool":
            if self.clean or r.random() < 0.9:
                return r.choice(["true", "false"])
            return r.choice(["1", "0", '"true"', "null", "True"])
        return str(self.num(kind))

    def rec(self, kind, fields):
        """A record's text from (name, value text) pairs."""
        r = self.r
        f = list(fields)
        x = r.random()
        if self.clean:
            if x < 0.2:
                r.shuffle(f)
            x = 1
        if x < 0.06 and f:
            r.shuffle(f)
        elif x < 0.1 and f:
            f.insert(r.randrange(len(f) + 1), ('"extra"', r.choice(["1", "{}", '[1,{"a":[]}]', '"s"'])))
        elif x < 0.13 and f:
            i = r.randrange(len(f))
            f.insert(r.randrange(len(f) + 1), (f[i][0], self.val("int")))
        elif x < 0.16 and f:
            del f[r.randrange(len(f))]
        elif x < 0.18 and kind == "NodeEntryRecord":
            f.append(('"live"', "1"))
        elif x < 0.21 and f:
            # a name and NUL bytes, which Jackson may take for the name
            i = r.randrange(len(f))
            name = f[i][0][1:-1]
            at = r.choice([0, len(name), r.randint(0, len(name))])
            nul = '"%s%s%s"' % (name[:at], "\\u0000" * r.randint(1, 5), name[at:])
            k = r.randrange(len(f) + 1) if r.random() < 0.5 else i
            f.insert(k, (nul, f[i][1]))
            if r.random() < 0.5:    # instead of the name
                del f[i + 1 if k <= i else i]
        elif x < 0.23 and f:
            # many fields kept aside in one bin of Java's HashMap: its
            # lists become trees, the table doubles (the order Slider
            # names them in)
            keys = self.same_hash(r.choice(f)[0][1:-1] or "a", r.randint(6, 40))
            for j, k in enumerate(keys):
                f.insert(r.randrange(len(f) + 1), ('"%s"' % k, str(j)))
        body = "{" + ",".join("%s:%s" % kv for kv in f) + "}"
        tname = '"' + NS + kind + '"'
        x = 1 if self.clean else r.random()
        if x < 0.01:
            tname = '"' + kind + '"'
        elif x < 0.02:
            tname = '"placekit.Role"'
        wrapper = "{" + tname + ":" + body + "}"
        x = 1 if self.clean else r.random()
        if x < 0.02:
            return '{"entry":' + wrapper + ',"x":1}'
        if x < 0.03:
            return '{"x":1,"entry":' + wrapper + '}'
        if x < 0.035:
            return '{"entry":null}'
        return '{"entry":' + wrapper + '}'

    def save(self, nent=None):
        r = self.r
        recs = []
        saved = self.num("long") if r.random() < 0.2 else 1450435691617
        hdr = [('"version"', "1" if self.clean or r.random() < 0.93 else
                self.val("int")),
               ('"saved"', str(saved)),
               ('"savedx"', self.val("str") if r.random() < 0.1 else '"151b4b44461"'),
               ('"savedate"', self.val("str") if r.random() < 0.1 else '"18 Dec 2015 10:48:11 GMT"'),
               ('"roles"', self.val("int") if r.random() < 0.1 else "3")]
        recs.append(self.rec("RoleHistoryHeader", hdr))
        if r.random() < 0.9:
            n = r.choice([0, 1, 2, 3, 3, 3, 5])
            pairs = []
            for i in range(n):
                name = r.choice(self.NAMES)
                pairs.append("%s:%s" % (self.jstr(name), self.val("int") if r.random() < 0.1 else str(i)))
            m = "{" + ",".join(pairs) + "}"
            if not self.clean and r.random() < 0.03:
                m = r.choice(["[]", "null", '"x"', "1"])
            recs.append(self.rec("RoleHistoryMapping", [('"rolemap"', m)]))
        if nent is None:
            nent = r.choice([0, 1, 2, 4, 4, 8, 20, 60, 120])
        for i in range(nent):
            if r.random() < 0.03:
                recs.append(self.rec("RoleHistoryMapping", [('"rolemap"', '{"other":7}')]))
            host = self.jstr(r.choice(self.HOSTS[:4])) if r.random() < 0.85 else self.val("str")
            e = [('"host"', host),
                 ('"role"', str(r.randint(0, 3)) if r.random() < 0.85 else self.val("int")),
                 ('"active"', self.val("bool")),
                 ('"last_used"', str(1440000000000 + i) if r.random() < 0.85 else self.val("long"))]
            recs.append(self.rec("NodeEntryRecord", e))
        if not self.clean and r.random() < 0.02:
            recs.insert(r.randrange(1, len(recs) + 1), recs[0])
        count = str(nent) if r.random() < 0.9 else self.val("long")
        recs.append(self.rec("RoleHistoryFooter", [('"count"', count)]))
        return recs

    def layout(self, recs):
        r = self.r
        x = r.random()
        if x < 0.5:
            sep = "\n"
        elif x < 0.6:
            sep = ""
        elif x < 0.7:
            sep = " "
        elif x < 0.8:
            sep = "\r\n"
        elif x < 0.85:
            sep = "\r"
        else:
            sep = None
        if sep is None:       # pretty, through json when it can
            out = []
            for t in recs:
                try:
                    out.append(json.dumps(json.loads(t), indent=r.choice([1, 2, 4])))
                except ValueError:
                    out.append(t)
            text = "\n".join(out) + "\n"
        else:
            text = sep.join(recs) + (sep if r.random() < 0.8 else "")
        if r.random() < 0.1:
            text = text.replace(":", r.choice([" : ", ":\t", ":\n"]), r.randint(1, 5))
        return text

    def tail(self, text):
        r = self.r
        x = r.random()
        if x < 0.8:
            return text
        if self.clean:
            return text + r.choice(["\n", " \t\r\n", "\x00", "}}x"])
        if x < 0.85:
            return text + r.choice(["xyz\n", "}", "}}", "\x00", "\x00\x00x", " \n\t\r\n",
                                   "]", "\xff", "{"])
        if x < 0.9:
            return text + self.layout(self.save())
        if x < 0.95:
            return text + " " * r.randint(1, 9000) + r.choice(["x", "\x00", "", "}"])
        return text[:-1] if text else text

    def encode(self, text):
        r = self.r
        raw = text.encode("utf-8", "surrogatepass")
        x = r.random()
        if x < 0.88:
            return raw
        enc = r.choice(["bom8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be",
                        "utf-16-le-bom", "utf-16-be-bom", "utf-32-le-bom", "utf-32-be-bom"])
        if enc == "bom8":
            return b"\xef\xbb\xbf" + raw
        base = enc.replace("-bom", "")
        try:
            data = text.encode(base, "surrogatepass")
        except UnicodeEncodeError:
            data = raw.decode("utf-8", "replace").encode(base)
        if enc.endswith("-bom"):
            data = "\ufeff".encode(base) + data
        return data

    def history(self):
        """A whole file: a save, laid out, something after it, encoded."""
        r = self.r
        text = self.layout(self.save())
        if r.random() < 0.2:    # the footer near a 4,000-byte boundary
            k = r.choice([1, 2, 3])
            pad = 4000 * k - len(text.encode("utf-8", "surrogatepass")) + r.randint(-40, 10)
            if pad > 0:
                text = " " * pad + text if r.random() < 0.5 else \
                    text.replace("\n", "\n" + " " * pad, 1)
        return self.encode(self.tail(text))

    def mutate(self, data):
        """Bytes changed the way a damaged or hand-edited file is."""
        r = self.r
        b = bytearray(data)
        for _ in range(r.choice([1, 1, 1, 2, 3])):
            n = len(b)
            op = r.random()
            tok = self.r.choice(self.TOKENS).encode("utf-8", "surrogatepass") \
                if r.random() < 0.9 else bytes([r.randrange(256)])
            if n == 0:
                b += tok
                continue
            i = r.randrange(n + 1)
            if op < 0.25:
                b[i:i] = tok
            elif op < 0.45:
                j = min(n, i + r.choice([1, 1, 2, 3, 5, 10, 40]))
                del b[i:j]
            elif op < 0.6:
                j = min(n, i + r.choice([1, 2, 4, 10]))
                b[i:j] = tok
            elif op < 0.7:
                j = min(n, i + r.randint(1, 80))
                b[i:i] = b[i:j]
            elif op < 0.78:
                b = b[:i]
            elif op < 0.86 and i < n:
                b[i] = r.randrange(256)
            elif op < 0.93:
                m = re.search(rb"-?\d+", bytes(b[i:]))
                if m:
                    s, e = i + m.start(), i + m.end()
                    b[s:e] = str(self.num(r.choice(["int", "long"]))).encode()
            else:
                j = r.randrange(n + 1)
                b[i:i] = b[min(i, j):max(i, j)][:200]
        return bytes(b)

    def one(self):
        x = self.r.random()
        self.clean = x < 0.35
        if x < 0.65:
            return self.history()
        return self.mutate(self.history())


# --- minimising ----------------------------------------------------------

def minimise(data, still, budget=16):
    """A shorter input for which still(candidates) keeps the finding."""
    chunk = max(1, len(data) // 2)
    rounds = 0
    while chunk >= 1 and rounds < budget:
        rounds += 1
        cands = []
        for i in range(0, len(data), chunk):
            c = data[:i] + data[i + chunk:]
            if c != data:
                cands.append(c)
        if len(cands) > 64:
            cands = cands[:64]
        keep = still(cands)
        if keep is not None:
            data = keep
            chunk = min(chunk, max(1, len(data) // 2))
        else:
            if chunk == 1:
                break
            chunk //= 2
    return data


# --- the runs ------------------------------------------------------------

def tool(a, name, env):
    p = a.get(name) or os.environ.get(env)
    if not p or not os.access(p, os.X_OK):
        sys.stderr.write("slider-diff: %s not set or not executable (--%s, %s)\n" %
                         (env, name.replace("_", "-"), env))
        sys.exit(77)
    return p


def stale(d):
    """Does Slider's UTF-32 reader read past the input, into its buffer?"""
    if len(d) < 4:
        return False
    q = int.from_bytes(d[:4], "big")
    if q in (0x0000FEFF, 0xFFFE0000):
        return (len(d) - 4) % 4 != 0
    return ((q >> 8) == 0 or (q & 0xFFFFFF) == 0) and len(d) % 4 != 0


def run_batch(a, datas, work, mode):
    """Write datas, run both readers: [(path, slider, rh-load, finding)]."""
    paths = []
    for i, d in enumerate(datas):
        p = os.path.join(work, "in%05d.json" % i)
        with open(p, "wb") as f:
            f.write(d)
        paths.append(p)
    proc = slider_start(a["slider_read"], paths, work)
    with concurrent.futures.ThreadPoolExecutor(int(a.get("jobs", 2))) as ex:
        rl = list(ex.map(lambda p: rh_load(a["rh_load"], p, mode), paths))
    s_all = slider_parse(proc.communicate(timeout=3600)[0])
    out = []
    for p, r in zip(paths, rl):
        s = s_all.get(p)
        if s is None:
            out.append((p, None, r, ("no-slider-result", "")))
            continue
        with open(p, "rb") as f:
            out.append((p, s, r, compare(s, r, mode, f.read())))
    return out


def fuzz(a):
    seed = int(a.get("seed", time.time()))
    mode = a.get("mode", "strict")
    batch = int(a.get("batch", 300))
    deadline = time.time() + 60 * float(a.get("minutes", 1))
    limit = int(a.get("files", 10 ** 9))
    outdir = a.get("out", "slider-diff-out")
    os.makedirs(outdir, exist_ok=True)
    g = Gen(seed)
    work = tempfile.mkdtemp(prefix="slider-diff.")
    n = found = taken = 0
    classes = {}
    try:
        while time.time() < deadline and n < limit:
            datas = [g.one() for _ in range(min(batch, limit - n))]
            for p, s, r, d in run_batch(a, datas, work, mode):
                n += 1
                taken += bool(s and s["accepted"])
                if d is None:
                    continue
                cls = d[0]
                classes[cls] = classes.get(cls, 0) + 1
                if classes[cls] > 3:        # enough of one kind per run
                    continue
                found += 1
                with open(p, "rb") as f:
                    data = f.read()
                small = minimise(data, lambda cands: first_same(a, cands, work, mode, cls))
                name = "%s-%d-%d" % (re.sub(r"[^a-z0-9]+", "-", cls.lower()), seed, n)
                with open(os.path.join(outdir, name + ".json"), "wb") as f:
                    f.write(small)
                _, s2, r2, d2 = run_batch(a, [small], work, mode)[0]
                with open(os.path.join(outdir, name + ".txt"), "w") as f:
                    json.dump({"class": cls, "detail": d2 and d2[1], "slider": s2,
                               "rh_load": r2}, f, indent=1, default=str)
                print("FOUND\t%s\t%s\t%s" % (cls, name, (d2 or d)[1][:200]), flush=True)
    finally:
        if not a.get("keep"):
            shutil.rmtree(work, ignore_errors=True)
    print("RUN seed=%d mode=%s files=%d slider-takes=%d findings=%d classes=%s" %
          (seed, mode, n, taken, found, json.dumps(classes)), flush=True)
    return 1 if found else 0


def first_same(a, cands, work, mode, cls):
    sub = os.path.join(work, "min")
    os.makedirs(sub, exist_ok=True)
    for p, s, r, d in run_batch(a, cands, sub, mode):
        if d is not None and d[0] == cls:
            with open(p, "rb") as f:
                return f.read()
    return None


def check(a, files):
    bad = 0
    for mode in ("strict", "default"):
        s_all = slider_read(a["slider_read"], files)
        for f in files:
            with open(f, "rb") as fh:
                data = fh.read()
            d = compare(s_all[f], rh_load(a["rh_load"], f, mode), mode, data)
            if d:
                bad += 1
                print("%s\t%s\t%s\t%s" % (mode, d[0], f, d[1]))
    print("CHECK files=%d disagreements=%d" % (len(files), bad))
    return 1 if bad else 0


def lit(s):
    """s as a JSON string literal, escaped as rh-load escapes it."""
    out = ['"']
    for c in s:
        o = ord(c)
        if c in '"\\':
            out.append("\\" + c)
        elif c in "\b\f\n\r\t":
            out.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r",
                        "\t": "\\t"}[c])
        elif o < 0x20 or 0xd800 <= o < 0xe000:
            out.append("\\u%04x" % o)
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def value_lines(s):
    """What Slider read, as the golden cases hold it: sorted lines."""
    h = s["header"]
    lines = ["header %d %d %s %s %d" % (h["version"], h["saved"], lit(h["savedx"]),
                                        lit(h["savedate"]), h["roles"])]
    lines += ["map %s %d" % (lit(k), v) for k, v in s["rolemap"].items()]
    lines += ["entry %s %d %d" % (lit(e["host"]), e["role"], e["last_used"])
              for e in rebuild(s)]
    return sorted(lines, key=lambda x: x.encode("utf-8", "surrogatepass"))


def golden(a, dest, files):
    """Copy files into dest; their expected results into dest/cases.txt:
    a line "NAME<TAB>accept" followed by "<TAB>LINE" for each value line,
    or "NAME<TAB>refuse<TAB>Slider: ..." (the words rh-load prints)."""
    path = os.path.join(dest, "cases.txt")
    have = {}
    if os.path.exists(path):
        name = None
        for line in open(path, "rb").read().decode("utf-8", "surrogatepass").split("\n")[:-1]:
            if line.startswith("\t"):
                have[name].append(line)
            else:
                name = line.split("\t")[0]
                have[name] = [line]
    s_all = slider_read(a["slider_read"], files)
    for f in files:
        name = os.path.basename(f)
        if os.path.abspath(os.path.join(dest, name)) != f:
            shutil.copyfile(f, os.path.join(dest, name))
        s = s_all[f]
        if s["accepted"]:
            have[name] = [name + "\taccept"] + ["\t" + x for x in value_lines(s)]
        else:
            have[name] = [name + "\trefuse\t" + words(s["error"])]
    with open(path, "wb") as out:
        for k in sorted(have):
            out.write(("\n".join(have[k]) + "\n").encode("utf-8", "surrogatepass"))
    print("GOLDEN %d cases in %s" % (len(have), path))
    return 0


def main():
    argv = sys.argv[1:]
    if not argv or argv[0] not in ("fuzz", "check", "golden"):
        sys.stderr.write(__doc__)
        return 64
    cmd, rest = argv[0], argv[1:]
    a, files = {}, []
    it = iter(rest)
    for x in it:
        if x.startswith("--"):
            k = x[2:].replace("-", "_")
            a[k] = True if k == "keep" else next(it)
        else:
            files.append(x)
    a["slider_read"] = tool(a, "slider_read", "SLIDER_READ")
    a["rh_load"] = tool(a, "rh_load", "RH_LOAD")
    if cmd == "fuzz":
        return fuzz(a)
    files = [os.path.abspath(f) for f in files]
    if cmd == "check":
        return check(a, files)
    return golden(a, files[0], files[1:])


sys.exit(main())
