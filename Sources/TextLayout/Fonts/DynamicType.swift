import AutoLayout

/// Apple's Dynamic Type: the size and weight of each text style at each content size category,
/// as Apple's Human Interface Guidelines tabulate them for iOS.
public enum DynamicType {
    /// Sizes in points, per category (xSmall ... AX5), in TextStyle's order: largeTitle, title1,
    /// title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2.
    static let sizes: [ContentSizeCategory: [Double]] = [
        .extraSmall: [31, 25, 19, 17, 14, 12, 14, 13, 12, 11, 11],
        .small: [32, 26, 20, 18, 15, 13, 15, 14, 12, 11, 11],
        .medium: [33, 27, 21, 19, 16, 14, 16, 15, 12, 11, 11],
        .large: [34, 28, 22, 20, 17, 15, 17, 16, 13, 12, 11],
        .extraLarge: [36, 30, 24, 22, 19, 17, 19, 18, 15, 14, 13],
        .extraExtraLarge: [38, 32, 26, 24, 21, 19, 21, 20, 17, 16, 15],
        .extraExtraExtraLarge: [40, 34, 28, 26, 23, 21, 23, 22, 19, 18, 17],
        .accessibilityMedium: [44, 38, 34, 31, 28, 25, 28, 26, 23, 22, 20],
        .accessibilityLarge: [48, 43, 39, 37, 33, 30, 33, 32, 27, 26, 24],
        .accessibilityExtraLarge: [52, 48, 44, 43, 40, 36, 40, 38, 33, 32, 29],
        .accessibilityExtraExtraLarge: [56, 53, 50, 49, 47, 42, 47, 44, 38, 37, 34],
        .accessibilityExtraExtraExtraLarge: [60, 58, 56, 55, 53, 49, 53, 51, 44, 43, 40],
    ]

    /// Leading (line heights) in points, in the same layout as ``sizes``.
    static let leadings: [ContentSizeCategory: [Double]] = [
        .extraSmall: [38, 31, 24, 22, 19, 16, 19, 18, 16, 13, 13],
        .small: [39, 32, 25, 23, 20, 18, 20, 19, 16, 13, 13],
        .medium: [40, 33, 26, 24, 21, 19, 21, 20, 16, 13, 13],
        .large: [41, 34, 28, 25, 22, 20, 22, 21, 18, 16, 13],
        .extraLarge: [43, 37, 30, 28, 24, 22, 24, 23, 20, 19, 18],
        .extraExtraLarge: [46, 39, 32, 30, 26, 24, 26, 25, 22, 21, 20],
        .extraExtraExtraLarge: [48, 41, 34, 32, 29, 28, 29, 28, 24, 23, 22],
        .accessibilityMedium: [52, 46, 41, 38, 34, 31, 34, 32, 29, 28, 25],
        .accessibilityLarge: [57, 51, 47, 44, 40, 37, 40, 39, 33, 32, 30],
        .accessibilityExtraLarge: [61, 57, 52, 51, 48, 43, 48, 46, 40, 39, 35],
        .accessibilityExtraExtraLarge: [66, 62, 59, 58, 56, 50, 56, 52, 46, 44, 41],
        .accessibilityExtraExtraExtraLarge: [70, 68, 66, 65, 62, 58, 62, 60, 52, 51, 48],
    ]

    /// The size, weight and leading of a text style at a category. A styled label's natural line
    /// height is its leading (`LineHeight.natural`; `multiple`, `minimum` and `maximum` start
    /// from it too), as text set to Apple's type specifications is.
    public static func metrics(_ style: TextStyle, _ category: ContentSizeCategory)
        -> (size: Double, weight: Int, leading: Double) {
        let index = TextStyle.allCases.firstIndex(of: style)!
        return (sizes[category]![index], style == .headline ? 600 : 400, leadings[category]![index])
    }
}
