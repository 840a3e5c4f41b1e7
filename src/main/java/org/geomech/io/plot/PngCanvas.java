package org.geomech.io.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

/** Java2D drawing into an image SCALE times the page size (crisp when printed or zoomed). */
final class PngCanvas implements Canvas {
    static final int SCALE = 2;

    private final BufferedImage image;
    private final Graphics2D g;

    PngCanvas() {
        image = new BufferedImage((int) Layout.WIDTH * SCALE, (int) Layout.HEIGHT * SCALE, BufferedImage.TYPE_INT_RGB);
        g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.scale(SCALE, SCALE);
    }

    BufferedImage image() {
        g.dispose();
        return image;
    }

    @Override
    public void polyline(double[] xs, double[] ys, Color color, double width, double[] dashes) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) p.lineTo(xs[i], ys[i]);
        g.setColor(color);
        float[] pattern = null;
        if (dashes != null) {
            pattern = new float[dashes.length];
            for (int i = 0; i < dashes.length; i++) pattern[i] = (float) dashes[i];
        }
        g.setStroke(new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10, pattern, 0));
        g.draw(p);
    }

    @Override
    public void polygon(double[] xs, double[] ys, Color color, double opacity) {
        g.setColor(new Color(color.getRed(), color.getGreen(), color.getBlue(), (int) Math.round(255 * opacity)));
        g.fill(path(xs, ys));
    }

    @Override
    public void rectangle(Rectangle2D r, Color stroke, Color fill) {
        if (fill != null) {
            g.setColor(fill);
            g.fill(r);
        }
        if (stroke != null) {
            g.setColor(stroke);
            g.setStroke(new BasicStroke(1));
            g.draw(r);
        }
    }

    @Override
    public void marker(int shape, double x, double y, double size, Color color, boolean hollow) {
        java.awt.Shape s = shape == 0 ? new Ellipse2D.Double(x - size / 2, y - size / 2, size, size) : path(Shapes.polygon(shape, x, y, size)[0], Shapes.polygon(shape, x, y, size)[1]);
        g.setColor(hollow ? Color.WHITE : color);
        g.fill(s);
        g.setColor(color);
        g.setStroke(new BasicStroke(1.3f));
        g.draw(s);
    }

    @Override
    public void text(Placed label, Color color) {
        AffineTransform saved = g.getTransform();
        g.translate(label.x(), label.y());
        if (label.upright()) g.rotate(-Math.PI / 2);
        double x = -label.anchor() * label.face().measure(label.text()).width();
        g.setColor(color);
        for (RichText.Run r : label.text().runs()) {
            g.setFont(r.superscript() ? label.face().superscriptFont() : label.face().font());
            g.drawString(r.text(), (float) x, (float) (r.superscript() ? -Typeface.SUPERSCRIPT_RISE * label.face().size() : 0));
            x += label.face().width(r);
        }
        g.setTransform(saved);
    }

    @Override
    public void clip(Rectangle2D r) { g.setClip(r); }

    private static Path2D.Double path(double[] xs, double[] ys) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) p.lineTo(xs[i], ys[i]);
        p.closePath();
        return p;
    }
}
