<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../Base/QTGUI/MainWindow.ui" line="42"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../Base/QTGUI/MainWindow.ui" line="57"/>
        <source>&amp;Open Data...</source>
        <translation>Daten ö&amp;ffnen...</translation>
    </message>
    <message>
        <location filename="../Base/QTGUI/MainWindow.ui" line="63"/>
        <source>Recently Loaded</source>
        <translation type="unfinished">Zuletzt geladen</translation>
    </message>
    <message numerus="yes">
        <location filename="../Base/QTGUI/MainWindow.ui" line="212"/>
        <source>%n file(s) loaded</source>
        <translation>
            <numerusform>%n Datei geladen</numerusform>
            <numerusform>%n Dateien geladen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VolumeRenderingWidget</name>
    <message>
        <location filename="../Modules/VolumeRendering/VolumeRenderingWidget.cpp" line="96"/>
        <source>Volume rendering</source>
        <translation>Volumendarstellung</translation>
    </message>
    <message>
        <location filename="../Modules/VolumeRendering/VolumeRenderingWidget.cpp" line="118"/>
        <source>Opacity</source>
        <translation>Deckkraft</translation>
    </message>
</context>
</TS>
