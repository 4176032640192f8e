<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../Base/QTGUI/MainWindow.ui" line="42"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../Base/QTGUI/MainWindow.ui" line="57"/>
        <source>&amp;Open Data...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../Base/QTGUI/MainWindow.ui" line="63"/>
        <source>Recently Loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../Base/QTGUI/MainWindow.ui" line="212"/>
        <source>%n file(s) loaded</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VolumeRenderingWidget</name>
    <message>
        <location filename="../Modules/VolumeRendering/VolumeRenderingWidget.cpp" line="96"/>
        <source>Volume rendering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../Modules/VolumeRendering/VolumeRenderingWidget.cpp" line="118"/>
        <source>Opacity</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
