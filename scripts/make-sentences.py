#!/usr/bin/env python3
"""Writes examples/sentences.json: 320 sentences of varied length for the demo's text list.

Deterministic (a fixed seed), written by the project from its own word lists: river-journey prose
in plain English, with numbers, hyphenated words, a few URLs and quotes, and some Chinese and
Japanese, so that the demo's rows wrap onto one to six lines at phone widths.
"""
import json
import random

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
