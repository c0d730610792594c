#!/usr/bin/env python3
"""Writes examples/products.json: 360 products for the product-card grid (examples/product-card.yaml).

Deterministic (a fixed seed), written by the project from its own word lists, in seven languages
(English, Indonesian, Chinese, Spanish, German, Japanese, French), so that cards in a two-column
grid at phone widths range from a one-line title and a short description to titles of three or
four lines and descriptions of a dozen: some titles pile up qualifiers, some descriptions chain
several sentences, and German compounds and CJK text (no spaces) exercise line breaking.

Fields: title, description, price (a string in the language's currency format), imageWidth and
imageHeight (points, at most 160 wide: the image fits a column of a 375-point two-column grid).
"""
import json
import random

random.seed(2013)

LANGUAGES = {
    "en": {
        "nouns": ["Backpack", "Desk Lamp", "Water Bottle", "Sneakers", "Notebook", "Headphones", "Coffee Mug",
                  "Rain Jacket", "Chef's Knife", "Phone Case", "Wool Scarf", "Table Clock"],
        "adjectives": ["Lightweight", "Waterproof", "Handmade", "Organic Cotton", "Stainless Steel", "Foldable",
                       "Noise-Cancelling", "Vintage-Style", "Extra-Large", "Recycled"],
        "sentences": ["Made to last through years of daily use.", "Fits in any bag and weighs almost nothing.",
                      "Ships in plastic-free packaging.", "Available in five colours; the photo shows slate grey.",
                      "Machine washable at 30 degrees.", "Our best seller three seasons running.",
                      "Comes with a two-year warranty and free returns within 30 days.",
                      "Designed in Portland, assembled by hand from certified materials."],
        "price": lambda p: f"${p:,.2f}",
    },
    "id": {
        "nouns": ["Tas Ransel", "Lampu Meja", "Botol Minum", "Sepatu Lari", "Buku Catatan", "Kopi Arabika",
                  "Kemeja Batik", "Payung Lipat", "Sambal Bawang", "Tikar Pandan"],
        "adjectives": ["Ringan", "Tahan Air", "Buatan Tangan", "Ukuran Besar", "Edisi Terbatas", "Ramah Lingkungan"],
        "sentences": ["Cocok untuk dipakai sehari-hari.", "Dibuat oleh pengrajin lokal di Yogyakarta.",
                      "Pengiriman gratis ke seluruh Indonesia.", "Garansi resmi satu tahun.",
                      "Bahan berkualitas tinggi yang tidak mudah rusak meskipun sering dicuci.",
                      "Tersedia dalam tiga warna: hitam, biru dongker, dan hijau tua."],
        "price": lambda p: "Rp " + f"{int(p * 15000):,}".replace(",", "."),
    },
    "zh": {
        "nouns": ["双肩包", "台灯", "保温杯", "跑步鞋", "笔记本", "蓝牙耳机", "陶瓷茶杯", "雨衣", "菜刀", "手机壳"],
        "adjectives": ["轻便", "防水", "手工制作", "有机棉", "不锈钢", "可折叠", "降噪", "复古风格"],
        "sentences": ["经久耐用，适合日常使用。", "重量很轻，可以放进任何包里。", "使用环保包装发货。",
                      "共有五种颜色可选，图片中为深灰色。", "支持三十天无理由退换货，并提供两年保修。",
                      "由经验丰富的工匠手工制作，每一件都略有不同。"],
        "price": lambda p: f"¥{p * 7:,.2f}",
    },
    "es": {
        "nouns": ["Mochila", "Lámpara de Escritorio", "Botella de Agua", "Zapatillas", "Cuaderno", "Auriculares",
                  "Taza de Cerámica", "Chaqueta Impermeable", "Cuchillo de Cocina", "Bufanda de Lana"],
        "adjectives": ["Ligera", "Resistente al Agua", "Hecha a Mano", "de Algodón Orgánico", "de Acero Inoxidable",
                       "Plegable", "Tamaño Familiar"],
        "sentences": ["Hecha para durar años de uso diario.", "Envío gratis a toda la península.",
                      "Disponible en cinco colores; la foto muestra el gris pizarra.",
                      "Incluye dos años de garantía y devolución gratuita durante treinta días.",
                      "Fabricada en Valencia con materiales reciclados y certificados."],
        "price": lambda p: f"{p:,.2f} €".replace(",", " ").replace(".", ","),
    },
    "de": {
        "nouns": ["Rucksack", "Schreibtischlampe", "Edelstahl-Trinkflasche", "Laufschuhe", "Notizbuch",
                  "Kopfhörer", "Kaffeebecher", "Regenjacke", "Küchenmesser", "Handyhülle", "Wollschal"],
        "adjectives": ["Leichte", "Wasserdichte", "Handgefertigte", "Geräuschunterdrückende", "Zusammenklappbare",
                       "Nachhaltige", "Übergroße"],
        "sentences": ["Für jahrelangen täglichen Gebrauch gemacht.", "Versandkostenfrei innerhalb Deutschlands.",
                      "Spülmaschinengeeignet und lebensmittelecht.",
                      "In fünf Farben erhältlich; das Foto zeigt Schiefergrau.",
                      "Mit zweijähriger Herstellergarantie und dreißigtägigem Rückgaberecht.",
                      "Hergestellt in einer familiengeführten Manufaktur im Schwarzwald."],
        "price": lambda p: f"{p:,.2f} €".replace(",", "X").replace(".", ",").replace("X", "."),
    },
    "ja": {
        "nouns": ["リュックサック", "デスクライト", "水筒", "ランニングシューズ", "ノート", "ヘッドホン",
                  "マグカップ", "レインコート", "包丁", "スマホケース"],
        "adjectives": ["軽量", "防水", "手作り", "オーガニックコットン", "ステンレス製", "折りたたみ式", "ノイズキャンセリング"],
        "sentences": ["毎日使っても長持ちします。", "どんなバッグにも入る軽さです。", "環境に優しい包装でお届けします。",
                      "全五色、写真はスレートグレーです。", "二年間の保証と三十日間の返品無料サービス付き。",
                      "熟練の職人が一つ一つ丁寧に仕上げています。"],
        "price": lambda p: f"¥{int(p * 150):,}",
    },
    "fr": {
        "nouns": ["Sac à Dos", "Lampe de Bureau", "Gourde", "Baskets", "Carnet", "Casque Audio", "Tasse en Céramique",
                  "Imperméable", "Couteau de Chef"],
        "adjectives": ["Léger", "Imperméable", "Fait Main", "en Coton Bio", "en Acier Inoxydable", "Pliable"],
        "sentences": ["Conçu pour durer des années d'usage quotidien.", "Livraison gratuite en France métropolitaine.",
                      "Disponible en cinq coloris ; la photo montre le gris ardoise.",
                      "Garantie deux ans et retours gratuits pendant trente jours.",
                      "Fabriqué à Lyon à partir de matériaux recyclés et certifiés."],
        "price": lambda p: f"{p:,.2f} €".replace(",", " ").replace(".", ","),
    },
}
ORDER = ["en", "id", "zh", "es", "de", "ja", "fr"]
CJK = {"zh", "ja"}


def title(lang, words):
    """A product name: a noun with one qualifier, or (one time in six) a long pile of them."""
    count = random.choice([1, 1, 1, 1, 1, 4]) if len(words["adjectives"]) >= 4 else 1
    adjectives = random.sample(words["adjectives"], count)
    noun = random.choice(words["nouns"])
    if lang in CJK:
        return "".join(adjectives) + noun
    if lang in {"es", "fr", "id"}:
        return noun + " " + " ".join(adjectives)
    return " ".join(adjectives) + " " + noun


def description(lang, words):
    """One or two sentences mostly; one time in five, four to six of them (all different)."""
    count = random.choice([1, 1, 2, 2, 5])
    if count == 5:
        count = random.randint(4, 6)
    picked = random.sample(words["sentences"], min(count, len(words["sentences"])))
    return ("" if lang in CJK else " ").join(picked)


products = []
for i in range(360):
    lang = ORDER[i % len(ORDER)] if random.random() < 0.7 else random.choice(ORDER)
    words = LANGUAGES[lang]
    price = random.choice([4.5, 9.99, 12, 19.95, 24.99, 39, 59.9, 89, 129, 249, 1299]) * random.choice([1, 1, 1.5])
    width = random.choice([96, 120, 144, 160])
    height = random.choice([72, 96, 120, 144, 160, 200])
    products.append({
        "title": title(lang, words),
        "description": description(lang, words),
        "price": words["price"](price),
        "imageWidth": width,
        "imageHeight": height,
    })

with open("examples/products.json", "w", encoding="utf-8") as f:
    json.dump(products, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(f"wrote examples/products.json: {len(products)} products")
