#!/usr/bin/env python3
"""Line counts of `selfsizing measure` against headless Chromium laying out the same texts.

The same font files on both sides: DejaVu Sans through @font-face in Chromium and through
fontconfig in SelfSizing, Noto Sans CJK by language for Han, Kana and Hangul. 17px, line-height
22px, overflow-wrap: break-word, widths 343, 260 and 180. The corpus: a multilingual set this
script writes (English and Indonesian with URLs, numbers, hyphenated words and quotes; Simplified
and Traditional Chinese mixed with Latin), the Huckleberry Finn sentences of ../shared/data
(left out with a message when ../shared is not beside the project), and feed sentences by class
(feed_corpus: file paths, URLs, emails, hashtags and mentions, long numbers, long compounds and code
identifiers, each in English, Indonesian, German and Chinese).
Emoji and right-to-left texts (emoji_and_rtl_corpus) are classes of their own too; agreement is
printed by class.

Usage: python3 scripts/oracle.py [--selfsizing PATH] [--chromium PATH] [--show N]
Prints the agreement rate per width, overall and by class, and up to N (3) disagreements per class.
"""
import html
import json
import os
import plistlib
import random
import re
import shutil
import subprocess
import sys
import tempfile

WIDTHS = [343, 260, 180]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def argument(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def corpus():
    rng = random.Random(20261121)
    en_words = ("the cell height layout constraint label text row table view content width line break word "
                "measure font shaping browser engine list image feed caption body title swift server").split()
    id_words = ("sel tinggi tata letak batasan label teks baris tabel tampilan konten lebar garis kata ukur huruf "
                "mesin daftar gambar umpan keterangan judul peladen dan yang untuk dengan dari").split()
    urls = ["https://example.com/path/to/page?q=1", "http://www.useyourloaf.com/blog/self-sizing-table-view-cells/",
            "https://github.com/forkingdog/UITableView-FDTemplateLayoutCell", "www.bbc.co.uk/news/technology-12345678"]
    specials = ["COVID-19", "state-of-the-art", "e-mail", "2026-11-21", "3.14159", "1,000,000", "50%", "$19.99",
                "\u201cquoted words\u201d", "\u2018single\u2019", "\"straight\"", "(parenthesised)", "re-layout",
                "well-known", "iOS\u00a017", "10\u00a0km", "12:30", "A4"]
    zh_hans = "自适应单元格的高度由内容决定我们在服务器上计算每一行的高度然后渲染图片或者文档"
    zh_hant = "自適應儲存格的高度由內容決定我們在伺服器上計算每一列的高度然後渲染圖片或者文件"
    latin_in_cjk = ["iPhone", "Auto Layout", "UITableView", "Swift 6", "HarfBuzz", "ICU", "2026年", "CPU", "API"]
    items = []

    def sentence(words, extra):
        n = rng.randint(6, 40)
        out = []
        for _ in range(n):
            r = rng.random()
            if r < 0.08:
                out.append(rng.choice(extra))
            elif r < 0.11:
                out.append(rng.choice(urls))
            else:
                out.append(rng.choice(words))
        text = " ".join(out)
        return text[0].upper() + text[1:] + rng.choice([".", "!", "?", "...", ";"])

    for i in range(400):
        items.append({"id": "en-%d" % i, "text": sentence(en_words, specials), "lang": "en"})
    for i in range(300):
        items.append({"id": "id-%d" % i, "text": sentence(id_words, specials), "lang": "id"})
    for lang, base in (("zh-Hans", zh_hans), ("zh-Hant", zh_hant)):
        for i in range(250):
            parts = []
            for _ in range(rng.randint(2, 6)):
                start = rng.randint(0, len(base) - 8)
                parts.append(base[start:start + rng.randint(4, 20)])
                if rng.random() < 0.6:
                    parts.append(rng.choice(latin_in_cjk))
                if rng.random() < 0.3:
                    parts.append(rng.choice(["，", "。", "「", "」", "、", "（", "）"]))
            items.append({"id": "%s-%d" % (lang, i), "text": "".join(parts), "lang": lang})
    items += emoji_and_rtl_corpus()
    plist = os.path.join(ROOT, "..", "shared", "data", "huckleberry-finn.plist")
    if os.path.exists(plist):
        with open(plist, "rb") as f:
            for i, s in enumerate(plistlib.load(f)):
                items.append({"id": "huck-%d" % i, "text": s, "lang": "en"})
    else:
        print("oracle: ../shared/data/huckleberry-finn.plist not found; the Huckleberry Finn sentences are left out")
    items += feed_corpus()
    # Chromium collapses runs of white space; the corpus has none.
    for item in items:
        item.setdefault("class", emoji_rtl_kind(item["id"]) or "prose-" + item["id"].split("-")[0])
        item["text"] = re.sub(r"[ \t]+", " ", item["text"]).strip()
    return items


def emoji_and_rtl_corpus():
    """Feed-like texts with emoji (ZWJ sequences, flags, keycaps, skin tones, variation selectors,
    alone and against words) and right-to-left text (Hebrew, Arabic, each mixed with Latin words,
    numbers and URLs). Classes: emoji, rtl-he, rtl-ar, rtl-mixed."""
    rng = random.Random(20261122)
    en_words = ("the cell height layout label text row table view content width line word font feed caption "
                "great love this party today weekend photo").split()
    he_words = "שלום עולם תא גובה פריסה טקסט שורה טבלה תצוגה תוכן רוחב מילה גופן היום תמונה חברים".split()
    ar_words = "مرحبا العالم خلية ارتفاع تخطيط نص سطر جدول عرض محتوى كلمة خط اليوم صورة أصدقاء".split()
    emoji = ["👨‍👩‍👧‍👦", "🇯🇵", "🇫🇷",
             "1️⃣", "#️⃣", "👍🏽", "👋🏿", "☺️", "☺︎",
             "❤️", "😂", "🎉", "🔥", "👩‍💻", "🏳️‍🌈"]
    latin = ["iPhone", "Swift 6", "UITableView", "2026", "12:30", "https://example.com/a/b", "COVID-19", "50%"]
    items = []

    def sentence(words, n_min, n_max, extra, p_extra, glue=0.0):
        out = []
        for _ in range(rng.randint(n_min, n_max)):
            r = rng.random()
            if r < p_extra:
                token = rng.choice(extra)
                if out and rng.random() < glue:
                    out[-1] += token      # an emoji against the word before it
                    continue
                out.append(token)
            else:
                out.append(rng.choice(words))
        return " ".join(out)

    for i in range(300):
        text = sentence(en_words, 5, 35, emoji, 0.25, glue=0.3)
        if rng.random() < 0.2:
            text += " " + "".join(rng.choice(emoji) for _ in range(rng.randint(3, 12)))  # a run of emoji
        items.append({"id": "emoji-%d" % i, "text": text, "lang": "en"})
    for i in range(200):
        items.append({"id": "rtl-he-%d" % i, "text": sentence(he_words, 5, 35, emoji, 0.05) + ".", "lang": "he"})
    for i in range(200):
        items.append({"id": "rtl-ar-%d" % i, "text": sentence(ar_words, 5, 35, emoji, 0.05) + ".", "lang": "ar"})
    for i in range(200):
        words = he_words if i % 2 else ar_words
        items.append({"id": "rtl-mixed-%d" % i, "text": sentence(words, 5, 35, latin, 0.2) + ".",
                      "lang": "he" if i % 2 else "ar"})
    return items


def emoji_rtl_kind(item_id):
    """The class of an item of emoji_and_rtl_corpus() by its id, or None."""
    for prefix in ("emoji", "rtl-mixed", "rtl-he", "rtl-ar"):
        if item_id.startswith(prefix + "-"):
            return prefix
    return None


def feed_corpus():
    """Feed-like sentences by class, each class in English, Indonesian, German and Chinese: file
    paths, URLs, emails, hashtags and mentions, long numbers, long compounds and code identifiers,
    placed among ordinary words (after a space, at the start or end, in brackets or quotes).
    Deterministic (a fixed seed); every item carries its "class"."""
    rng = random.Random(20261122)
    words = {
        "en": ("the cell height layout row table view content width line word measure font browser list image "
               "feed caption title server while when open saved copied from into see at in file link").split(),
        "id": ("sel tinggi tata letak baris tabel tampilan konten lebar garis kata ukur huruf daftar gambar judul "
               "peladen dan yang untuk dengan dari buka simpan salin lihat di ke berkas tautan saat").split(),
        "de": ("die der das Zelle Höhe Zeile Tabelle Ansicht Inhalt Breite Wort Schrift Liste Bild Titel Server und "
               "mit von für bei öffnen gespeichert kopiert siehe Datei unter während").split(),
    }
    zh = "自适应单元格的高度由内容决定我们在服务器上计算每一行的高度然后渲染图片或者文档请打开文件查看链接"
    segment = lambda: rng.choice(["Containers", "Data", "Application", "Documents", "Library", "Caches", "tmp",
                                  "Developer", "Xcode", "DerivedData", "Build", "Products", "Release-iphoneos",
                                  "shared", "data", "Sources", "TextLayout", "Breaking", "node_modules", "usr",
                                  "share", "fonts", "truetype", "dejavu", "mobile", "var", "Bilder", "Dokumente",
                                  "unduhan", "berkas", "gambar", "%08X-%04X" % (rng.getrandbits(32), rng.getrandbits(16))])
    filename = lambda: rng.choice(["cache.sqlite", "DejaVuSans.ttf", "huckleberry-finn.plist", "LineBreakRules.swift",
                                   "report_2026.docx", "IMG_2041.HEIC", "Rechnung-11-2026.pdf", "laporan.xlsx", "index.html"])

    def path():
        parts = [segment() for _ in range(rng.randint(1, 7))] + [filename()]
        r = rng.random()
        if r < 0.15:
            return "C:\\" + "\\".join(parts)
        if r < 0.3:
            return "~/" + "/".join(parts)
        if r < 0.4:
            return "./" + "/".join(parts)
        return "/" + "/".join(parts)

    def url():
        host = rng.choice(["example.com", "www.useyourloaf.com", "github.com", "id.wikipedia.org", "www.bbc.co.uk",
                           "de.wikipedia.org", "news.detik.com", "developer.apple.com", "zh.wikipedia.org"])
        tail = "/".join(segment().lower() for _ in range(rng.randint(0, 5)))
        u = rng.choice(["https://", "http://", ""]) + host + ("/" + tail if tail else "")
        if rng.random() < 0.4:
            u += "?q=%s&lang=%s" % (rng.choice(["self-sizing", "tinggi+sel", "Zeilenumbruch", "42"]), rng.choice(["en", "id"]))
        if rng.random() < 0.2:
            u += "#section-%d" % rng.randint(1, 99)
        return u

    def email():
        user = rng.choice(["ayu.pratama", "support", "max.mustermann+feed", "zhang_wei", "no-reply", "j.smith2026"])
        return user + "@" + rng.choice(["example.com", "mail.co.id", "beispiel.de", "useyourloaf.com", "qq.com"])

    def hashtag():
        return rng.choice(["#", "@"]) + rng.choice(["SwiftUI", "ayu_pratama", "TeknologiIndonesia2026", "自适应布局",
                                                  "Zeilenumbruch", "iOSDev", "max.mustermann", "WWDC26", "BreakingNews",
                                                  "jalan_jalan", "Fußball", "selfSizingCellsAreHard"])

    def number():
        return rng.choice(["1234567890123", "3.14159265358979", "+62 812-3456-7890", "+62812345678901", "1,234,567,890",
                           "0x7fffffffffff", "2026-11-22T14:40:00Z", "IDR 15.000.000,00", "ISBN 978-3-16-148410-0",
                           "4111 1111 1111 1111", "12.345.678,90 €", "−273.15", "-42", "99.9%", "1/1000000",
                           "%d" % rng.getrandbits(64), "%d.%d" % (rng.getrandbits(40), rng.getrandbits(20))])

    def compound(lang):
        return rng.choice({
            "de": ["Donaudampfschifffahrtsgesellschaftskapitän", "Rechtsschutzversicherungsgesellschaften",
                   "Kraftfahrzeughaftpflichtversicherung", "Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung",
                   "Straßenbahnhaltestellenüberdachung", "Max-Planck-Gesellschaft", "E-Mail-Adresse",
                   "Arbeiterunfallversicherungsgesetz", "Bundesausbildungsförderungsgesetz"],
            "id": ["mempertanggungjawabkan", "ketidakberdayaannya", "anak-anak", "memperbaharui", "berkesinambungan",
                   "keanekaragamanhayati", "pemberdayaanmasyarakatdesa"],
            "en": ["antidisestablishmentarianism", "state-of-the-art", "pneumonoultramicroscopicsilicovolcanoconiosis",
                   "incomprehensibilities", "floccinaucinihilipilification", "mother-in-law's"],
            "zh": ["中华人民共和国国家知识产权局专利复审委员会", "自适应单元格高度计算服务器", "Donaudampfschifffahrtsgesellschaft"],
        }[lang])

    def identifier():
        return rng.choice(["snake_case_identifier_name", "camelCaseIdentifierName", "dotted.module.name.Type",
                           "UITableViewAutomaticDimension", "com.example.app.widget", "__init__", "std::vector<int>",
                           "foo->bar", "array[index]", "measure(text:width:)", "self.tableView.rowHeight",
                           "TextBatchMeasurer.Item", "kAsciiLineBreakTable", "MAX_LINE_WIDTH", "is_space(ch)",
                           "preferredMaxLayoutWidth", "a.b.c.d.e.f.g.h"])

    makers = {"path": lambda lang: path(), "url": lambda lang: url(), "email": lambda lang: email(),
              "hashtag": lambda lang: hashtag(), "number": lambda lang: number(), "compound": compound,
              "identifier": lambda lang: identifier()}
    items = []
    for cls, make in makers.items():
        for lang in ("en", "id", "de", "zh"):
            for i in range(60):
                tokens = [make(lang) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
                if lang == "zh":
                    parts = []
                    for t in tokens:
                        start = rng.randint(0, len(zh) - 8)
                        parts.append(zh[start:start + rng.randint(2, 16)])
                        parts.append(rng.choice(["", " "]) + t + rng.choice(["", " ", "，", "。"]))
                    text = "".join(parts) + zh[:rng.randint(0, 10)]
                else:
                    out = [rng.choice(words[lang]) for _ in range(rng.randint(3, 30))]
                    for t in tokens:
                        wrap = rng.choice(["%s", "%s", "%s", "(%s)", "\"%s\"", "%s,", "%s.", "<%s>", "'%s'"])
                        out.insert(rng.randint(0, len(out)), wrap % t)
                    text = " ".join(out)
                items.append({"id": "%s-%s-%d" % (cls, lang, i), "text": text,
                              "lang": "zh-Hans" if lang == "zh" else lang, "class": cls})
    return items


def chromium_counts(items, chromium, workdir):
    families = {"zh-Hans": "'Noto Sans CJK SC'", "zh-Hant": "'Noto Sans CJK TC'"}
    rows = []
    for k, item in enumerate(items):
        fallback = families.get(item["lang"], "'Noto Sans CJK SC'")
        for w in WIDTHS:
            rows.append('<div lang="%s" style="width:%dpx;font-family:Oracle,%s" data-k="%d">%s</div>'
                        % (item["lang"], w, fallback, k, html.escape(item["text"])))
    page = """<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: Oracle; src: url('file://%s'); }
body { margin: 0; }
div { font-size: 17px; line-height: 22px; overflow-wrap: break-word; white-space: normal; margin: 0; padding: 0; }
</style></head><body>%s
<pre id="out"></pre>
<script>
document.fonts.ready.then(() => {
  const counts = [];
  for (const d of document.querySelectorAll('div')) counts.push(Math.round(d.getBoundingClientRect().height / 22));
  document.getElementById('out').textContent = 'COUNTS' + JSON.stringify(counts) + 'END';
});
</script></body></html>""" % (DEJAVU, "\n".join(rows))
    path = os.path.join(workdir, "oracle.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    out = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                          "--virtual-time-budget=60000", "--dump-dom", "file://" + path],
                         capture_output=True, text=True, timeout=600)
    m = re.search(r"COUNTS(\[.*?\])END", out.stdout)
    if not m:
        sys.exit("oracle: chromium gave no counts: %s" % out.stderr[-2000:])
    counts = json.loads(m.group(1))
    return [counts[k * len(WIDTHS):(k + 1) * len(WIDTHS)] for k in range(len(items))]


def selfsizing_counts(items, binary, workdir):
    path = os.path.join(workdir, "corpus.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(items, f, ensure_ascii=False)
    cmd = [binary, "measure", "--font", "DejaVu Sans", "--size", "17", "--line-height", "22", "--no-lines"]
    for w in WIDTHS:
        cmd += ["--width", str(w)]
    out = subprocess.run(cmd + [path], capture_output=True, text=True, check=True)
    return [[r["lineCount"] for r in item["results"]] for item in json.loads(out.stdout)]


def main():
    chromium = argument("--chromium", shutil.which("chromium") or shutil.which("chromium-browser"))
    if not chromium:
        print("oracle: chromium is not installed (make oracle installs it); skipped")
        return 0
    binary = argument("--selfsizing", os.path.join(ROOT, ".build", "release", "selfsizing"))
    if not os.path.exists(binary):
        sys.exit("oracle: %s not found; build it with 'swift build -c release'" % binary)
    items = corpus()
    with tempfile.TemporaryDirectory() as workdir:
        ours = selfsizing_counts(items, binary, workdir)
        theirs = chromium_counts(items, chromium, workdir)
    total = agree = 0
    by_width = {w: [0, 0] for w in WIDTHS}
    by_class = {}
    disagreements = {}
    for item, a, b in zip(items, ours, theirs):
        for w, x, y in zip(WIDTHS, a, b):
            total += 1
            by_width[w][1] += 1
            by_class.setdefault(item["class"], [0, 0])[1] += 1
            if x == y:
                by_class[item["class"]][0] += 1
                agree += 1
                by_width[w][0] += 1
            else:
                disagreements.setdefault(item["class"], []).append((item, w, x, y))
    print("oracle: %d texts x %d widths, line counts agree on %d of %d (%.2f%%; target 99.9%%)"
          % (len(items), len(WIDTHS), agree, total, 100.0 * agree / total))
    for w in WIDTHS:
        a, n = by_width[w]
        print("  width %d: %.2f%%" % (w, 100.0 * a / n))
    print("  by class:")
    for c, (a, n) in sorted(by_class.items()):
        print("    %-16s %5d of %5d (%.2f%%)" % (c, a, n, 100.0 * a / n))
    for k, cases in sorted(disagreements.items(), key=lambda kv: -len(kv[1])):
        print("  %s: %d disagreements" % (k, len(cases)))
        for item, w, x, y in cases[:int(argument("--show", "3"))]:
            print("    [%s] width %d: selfsizing %d, chromium %d: %s" % (item["id"], w, x, y, item["text"][:160]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
