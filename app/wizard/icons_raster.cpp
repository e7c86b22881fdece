// Icons::pixmap without Qt Svg (the Windows build: Debian has no qt6-svg source to
// cross-build): the same SVGs rasterised at build time into PNGs of every size
// Icons::get asks for, at 1x, 1.5x and 2x (app/wizard/CMakeLists.txt), so a
// 150 % or 200 % display still gets sharp pixels rather than a scaled bitmap.
#include "icons.h"

#include <QFile>
#include <QGuiApplication>
#include <QHash>

namespace cudnnsetup::wizard {

namespace {
const int kRasterSizes[] = {16, 24, 32, 36, 48, 64, 72, 96, 128, 192, 256};
}

QPixmap Icons::pixmap(const QString& name, int size)
{
    static QHash<QString, QIcon> cache;
    auto it = cache.find(name);
    if (it == cache.end()) {
        QIcon icon;
        for (int px : kRasterSizes) {
            const QString file = QStringLiteral(":/icons/%1-%2.png").arg(name).arg(px);
            if (QFile::exists(file))
                icon.addFile(file, QSize(px, px));
        }
        it = cache.insert(name, icon);
    }
    const qreal dpr = qApp ? qApp->devicePixelRatio() : 1.0;
    return it->pixmap(QSize(size, size), dpr);
}

QString Icons::resource(const QString& name)
{
    return QStringLiteral(":/icons/%1-32.png").arg(name);  // drawn at 16: sharp at 200 %
}

}  // namespace cudnnsetup::wizard
