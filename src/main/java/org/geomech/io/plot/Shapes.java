package org.geomech.io.plot;

/** The marker shapes as polygons (a circle is drawn as such by each canvas). */
final class Shapes {
    private Shapes() {}

    /** The corners of shape 1 to 4 (square, triangle up, diamond, triangle down) of the given size at (x, y): xs then ys. */
    static double[][] polygon(int shape, double x, double y, double size) {
        double r = size / 2;
        return switch (shape) {
            case 1 -> new double[][]{{x - r, x + r, x + r, x - r}, {y - r, y - r, y + r, y + r}};
            case 2 -> new double[][]{{x, x + 1.15 * r, x - 1.15 * r}, {y - 1.15 * r, y + 0.85 * r, y + 0.85 * r}};
            case 3 -> new double[][]{{x, x + 1.3 * r, x, x - 1.3 * r}, {y - 1.3 * r, y, y + 1.3 * r, y}};
            default -> new double[][]{{x - 1.15 * r, x + 1.15 * r, x}, {y - 0.85 * r, y - 0.85 * r, y + 1.15 * r}};
        };
    }
}
