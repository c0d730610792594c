#!/usr/bin/env python3
"""Writes examples/sentences.json: 320 sentences of varied length for the demo's text list.

With `--mixed N PATH`, writes instead N mixed feed sentences to PATH for `scripts/bench-measure.sh`:
a JSON array of {"id": n, "text", "lang"}, English and Indonesian (one in four with a file path or a
URL, some with long numbers and hyphenated words) and Simplified Chinese mixed with Latin (a fifth).

Deterministic (a fixed seed), written by the project from its own word lists: river-journey prose
in plain English, with numbers, hyphenated words, a few URLs and quotes, and some Chinese and
Japanese, so that the demo's rows wrap onto one to six lines at phone widths.
"""
import json
import random
import sys


def mixed(n, path):
    """N mixed feed sentences (see the module's summary), deterministic."""
    rng = random.Random(20261122)
    words = {
        "en": ("the cell height layout row table view content width line word measure font browser list image feed "
               "caption title server while when open saved copied from into see at in file link river raft night "
               "town shore fog bend we our they it was is".split()),
        "id": ("sel tinggi tata letak baris tabel tampilan konten lebar garis kata ukur huruf daftar gambar judul "
               "peladen dan yang untuk dengan dari buka simpan salin lihat di ke berkas tautan saat sungai malam kota "
               "kami mereka itu ini adalah".split()),
    }
    parts = ["var", "mobile", "Containers", "Data", "Application", "Documents", "Library", "Caches", "usr", "share",
             "fonts", "Sources", "TextLayout", "berkas", "unduhan", "gambar", "node_modules", "Build", "Products"]
    hosts = ["example.com", "www.useyourloaf.com", "github.com", "id.wikipedia.org", "news.detik.com"]
    specials = ["COVID-19", "state-of-the-art", "2026-11-22", "3.14159", "1,000,000", "50%", "$19.99", "Rp15.000",
                "anak-anak", "e-mail", "12:30", "+62 812-3456-7890", "1234567890123"]
    zh = "自适应单元格的高度由内容决定我们在服务器上计算每一行的高度然后渲染图片或者文档请打开文件查看链接"
    latin = ["iPhone", "Auto Layout", "UITableView", "Swift 6", "HarfBuzz", "ICU", "2026年", "CPU", "API"]
    items = []
    for i in range(n):
        r = rng.random()
        if r < 0.2:
            text = ""
            for _ in range(rng.randint(2, 6)):
                start = rng.randint(0, len(zh) - 8)
                text += zh[start:start + rng.randint(4, 20)]
                if rng.random() < 0.5:
                    text += rng.choice(latin)
                if rng.random() < 0.3:
                    text += rng.choice(["，", "。", "「", "」", "、", "（", "）"])
            items.append({"id": i, "text": text, "lang": "zh-Hans"})
            continue
        lang = "en" if r < 0.6 else "id"
        out = [rng.choice(words[lang]) for _ in range(rng.randint(5, 35))]
        if rng.random() < 0.15:
            out.insert(rng.randint(0, len(out)), "/" + "/".join(rng.choice(parts) for _ in range(rng.randint(2, 7))))
        if rng.random() < 0.12:
            out.insert(rng.randint(0, len(out)), "https://" + rng.choice(hosts) + "/" +
                       "/".join(rng.choice(parts).lower() for _ in range(rng.randint(1, 4))))
        if rng.random() < 0.3:
            out.insert(rng.randint(0, len(out)), rng.choice(specials))
        text = " ".join(out)
        items.append({"id": i, "text": text[0].upper() + text[1:] + rng.choice([".", "!", "?", "..."]), "lang": lang})
    with open(path, "w", encoding="utf-8") as f:
        json.dump(items, f, ensure_ascii=False)
    print(f"wrote {path}: {n} mixed sentences")


if len(sys.argv) == 4 and sys.argv[1] == "--mixed":
    mixed(int(sys.argv[2]), sys.argv[3])
    sys.exit(0)

random.seed(1884)
subjects = ["The raft", "Jim", "The river", "A fog bank", "The old ferry", "Our canoe", "The widow's cat",
            "A steamboat", "The judge", "Tom's map", "The island", "A lantern", "The town clock", "The current"]
verbs = ["drifted past", "waited by", "circled round", "slipped under", "watched", "followed", "found",
         "lit up", "hid behind", "rocked against", "carried us toward", "woke up near"]
objects = ["the sandbar", "a line of cottonwoods", "the sleeping town", "the far shore", "a broken lantern",
           "the north bend", "twelve barrels of flour", "the lighthouse", "a half-sunk wreck", "the ferry landing"]
tails = ["before the sun came up", "while nobody was looking", "for the third time that week",
         "in the middle of a thunder-storm", "without making a sound", "as the bell rang 11 o'clock",
         "about 2.5 miles below the village", "just as the mist lifted", "and then drifted on again"]
asides = ["\"Mighty curious,\" Jim said.", "Nobody believed it.", "It was a well-known spot.",
          "See https://example.org/river/notes for the map.", "We counted 1,000 stars.", "That was the end of it."]
cjk = ["河水在夜里静静地流着，我们把木筏系在岸边的树上。", "霧が晴れると、向こう岸の町が見えた。",
       "第二天早上，我们在沙洲上找到了一只旧独木舟。", "夜明け前に、いかだは島の影を通り過ぎた。"]

sentences = []
for i in range(320):
    kind = random.random()
    if kind < 0.08:
        sentences.append(random.choice(cjk))
        continue
    parts = [f"{random.choice(subjects)} {random.choice(verbs)} {random.choice(objects)}"]
    for _ in range(random.choice([0, 0, 1, 1, 2, 3])):
        parts.append(random.choice(tails))
    sentence = ", ".join(parts) + "."
    if random.random() < 0.3:
        sentence += " " + random.choice(asides)
    if random.random() < 0.1:
        sentence = "Chapter " + str(i // 40 + 1) + ". " + sentence
    sentences.append(sentence)

with open("examples/sentences.json", "w", encoding="utf-8") as f:
    json.dump(sentences, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(f"wrote examples/sentences.json: {len(sentences)} sentences")
