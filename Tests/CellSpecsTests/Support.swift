import AutoLayout
import Foundation

/// Every character `fontSize * 0.5` wide, lines `fontSize * 1.2` high (the AutoLayout tests' measurer).
typealias FixedAdvanceMeasurer = MonospaceTextMeasurer

func approx(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-6 }
