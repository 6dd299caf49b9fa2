"""Colour-vision deficiencies simulated for the palette's tests: the matrices of Machado,
Oliveira and Fernandes (2009, severity 1.0, applied to linear RGB), and CIE76 ΔE in CIELAB
(D65) between what two colours look like.
"""

from __future__ import annotations

import numpy as np

SIMULATIONS = {
    "typical vision": np.eye(3),
    "protanopia": np.array(
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]
    ),
    "deuteranopia": np.array(
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ]
    ),
    "tritanopia": np.array(
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ]
    ),
}


def linear_rgb(colour: str) -> np.ndarray:
    c = np.array([int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def cielab(linear: np.ndarray) -> np.ndarray:
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    t = xyz @ np.clip(linear, 0.0, 1.0) / np.array([0.95047, 1.0, 1.08883])
    f = np.where(t > 0.008856, np.cbrt(t), 7.787 * t + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen_distance(a: str, b: str, vision: str) -> float:
    """ΔE76 between colours ``a`` and ``b`` (``#rrggbb``) as ``vision`` sees them."""
    matrix = SIMULATIONS[vision]
    return float(np.linalg.norm(cielab(matrix @ linear_rgb(a)) - cielab(matrix @ linear_rgb(b))))
