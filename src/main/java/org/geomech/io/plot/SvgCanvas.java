package org.geomech.io.plot;

import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.util.Locale;

/** SVG text written element by element, in page units (the PNG's layout, fonts named with fallbacks). */
final class SvgCanvas implements Canvas {
    private final StringBuilder svg = new StringBuilder();
    private int clips;
    private boolean clipped;

    SvgCanvas() {
        svg.append(String.format(Locale.ROOT, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>%n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                + "viewBox=\"0 0 %.0f %.0f\" font-family=\"'%s', 'Helvetica', 'Arial', sans-serif\">%n", Layout.WIDTH, Layout.HEIGHT, Layout.WIDTH, Layout.HEIGHT,
                Typeface.FAMILY));
    }

    String document() {
        clip(null);
        return svg + "</svg>\n";
    }

    @Override
    public void polyline(double[] xs, double[] ys, Color color, double width, double[] dashes) {
        svg.append("<polyline fill=\"none\" stroke=\"").append(hex(color)).append('"').append(String.format(Locale.ROOT, " stroke-width=\"%.2f\"", width))
                .append(dashes == null ? "" : " stroke-dasharray=\"" + java.util.Arrays.stream(dashes).mapToObj(d -> String.format(Locale.ROOT, "%.0f", d))
                        .collect(java.util.stream.Collectors.joining(" ")) + "\"").append(" stroke-linejoin=\"round\" points=\"").append(points(xs, ys)).append("\"/>\n");
    }

    @Override
    public void polygon(double[] xs, double[] ys, Color color, double opacity) {
        svg.append("<polygon fill=\"").append(hex(color)).append(String.format(Locale.ROOT, "\" fill-opacity=\"%.2f\" points=\"", opacity))
                .append(points(xs, ys)).append("\"/>\n");
    }

    @Override
    public void rectangle(Rectangle2D r, Color stroke, Color fill) {
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" stroke=\"%s\"/>%n", r.getX(), r.getY(),
                r.getWidth(), r.getHeight(), fill == null ? "none" : hex(fill), stroke == null ? "none" : hex(stroke)));
    }

    @Override
    public void marker(int shape, double x, double y, double size, Color color, boolean hollow) {
        String paint = String.format(Locale.ROOT, "fill=\"%s\" stroke=\"%s\" stroke-width=\"1.3\"", hollow ? "#ffffff" : hex(color), hex(color));
        if (shape == 0) svg.append(String.format(Locale.ROOT, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" %s/>%n", x, y, size / 2, paint));
        else {
            double[][] p = Shapes.polygon(shape, x, y, size);
            svg.append("<polygon ").append(paint).append(" points=\"").append(points(p[0], p[1])).append("\"/>\n");
        }
    }

    @Override
    public void text(Placed label, Color color) {
        double x = -label.anchor() * label.face().measure(label.text()).width();
        svg.append(String.format(Locale.ROOT, "<g transform=\"translate(%.2f %.2f)%s\" fill=\"%s\" font-size=\"%.1f\"%s%s>", label.x(), label.y(),
                label.upright() ? " rotate(-90)" : "", hex(color), label.face().size(), label.face().bold() ? " font-weight=\"bold\"" : "",
                label.face().italic() ? " font-style=\"italic\"" : ""));
        for (RichText.Run r : label.text().runs()) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.2f\" y=\"%.2f\"%s>%s</text>", x,
                    r.superscript() ? -Typeface.SUPERSCRIPT_RISE * label.face().size() : 0.0,
                    r.superscript() ? String.format(Locale.ROOT, " font-size=\"%.1f\"", label.face().size() * Typeface.SUPERSCRIPT_SCALE) : "", escape(r.text())));
            x += label.face().width(r);
        }
        svg.append("</g>\n");
    }

    @Override
    public void clip(Rectangle2D r) {
        if (clipped) svg.append("</g>\n");
        clipped = r != null;
        if (r == null) return;
        String id = "clip" + clips++;
        svg.append(String.format(Locale.ROOT, "<clipPath id=\"%s\"><rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/></clipPath>%n<g clip-path=\"url(#%s)\">%n",
                id, r.getX(), r.getY(), r.getWidth(), r.getHeight(), id));
    }

    private static String points(double[] xs, double[] ys) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < xs.length; i++) sb.append(i == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.2f,%.2f", xs[i], ys[i]));
        return sb.toString();
    }

    private static String hex(Color c) { return String.format("#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue()); }

    private static String escape(String s) { return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"); }
}
