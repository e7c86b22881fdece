#pragma once
// Small pieces shared by the pages: formatting and the problem list.

#include "viewmodels.h"

#include <QCoreApplication>
#include <QString>

class QTreeWidget;
class QTreeWidgetItem;
class QLabel;

namespace cudnnsetup::wizard {

class UiKit {
    Q_DECLARE_TR_FUNCTIONS(UiKit)
public:
    static QString bytes(quint64 n);               // "737.0 MB"
    static QString duration(qint64 seconds);       // "about 12 s" / "about 3 min"
    static QString progressLine(quint64 done, quint64 total, double rate, qint64 eta);
    // One row per problem (message), its fix as a child row; icon by severity.
    static void addProblems(QTreeWidget* tree, const QList<ProblemView>& problems, CheckState state,
                            QTreeWidgetItem* parent = nullptr);
    static QLabel* wrappingLabel(const QString& text = {});
};

}  // namespace cudnnsetup::wizard
