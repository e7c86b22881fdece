// Icons::pixmap where Qt Svg is available: the SVG rendered at the device's pixel size.
#include "icons.h"

#include <QGuiApplication>
#include <QPainter>
#include <QSvgRenderer>

namespace cudnnsetup::wizard {

QPixmap Icons::pixmap(const QString& name, int size)
{
    const qreal dpr = qApp ? qApp->devicePixelRatio() : 1.0;
    QSvgRenderer renderer(QStringLiteral(":/icons/%1.svg").arg(name));
    QPixmap pm(QSize(size, size) * dpr);
    pm.fill(Qt::transparent);
    if (renderer.isValid()) {
        QPainter painter(&pm);
        renderer.render(&painter);
    }
    pm.setDevicePixelRatio(dpr);
    return pm;
}

QString Icons::resource(const QString& name)
{
    return QStringLiteral(":/icons/%1.svg").arg(name);
}

}  // namespace cudnnsetup::wizard
