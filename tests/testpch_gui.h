// testpch.h for the tests that link the wizard (Qt Widgets): with QT_GUI_LIB and QT_WIDGETS_LIB
// defined, <QTest> brings its GUI half, so these need a precompiled header of their own
// (tests/CMakeLists.txt).
#pragma once

#include "testpch.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QPushButton>
#include <QRadioButton>
#include <QTreeWidget>
#include <QWidget>
