<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>BoxSummary</name>
    <message numerus="yes">
        <source>you have %n card(s) of class %1: a box has 4 per class</source>
        <translation>
            <numerusform>you have %n card of class %1: a box has 4 per class</numerusform>
            <numerusform>you have %n cards of class %1: a box has 4 per class</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the demo has no pair left to fill the gap: %n pair(s) missing</source>
        <translation>
            <numerusform>the demo has no pair left to fill the gap: %n pair missing</numerusform>
            <numerusform>the demo has no pair left to fill the gap: %n pairs missing</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you have %1 of 4 complete pairs: demo pair(s) %2 added</source>
        <translation>
            <numerusform>you have %1 of 4 complete pairs: demo pair %2 added</numerusform>
            <numerusform>you have %1 of 4 complete pairs: demo pairs %2 added</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you have %2 of 4 cards of class %1: demo card(s) %3 added</source>
        <translation>
            <numerusform>you have %2 of 4 cards of class %1: demo card %3 added</numerusform>
            <numerusform>you have %2 of 4 cards of class %1: demo cards %3 added</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rulebook card(s) completed by you</source>
        <translation>
            <numerusform>%n rulebook card completed by you</numerusform>
            <numerusform>%n rulebook cards completed by you</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in your box:</source>
        <translation>
            <numerusform>%n problem in your box:</numerusform>
            <numerusform>%n problems in your box:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CardEditor</name>
    <message numerus="yes">
        <source>broken: %n problem(s)</source>
        <translation>
            <numerusform>broken: %n problem</numerusform>
            <numerusform>broken: %n problems</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unknown</source>
        <translation>
            <numerusform>%n unknown</numerusform>
            <numerusform>%n unknown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n invented</source>
        <translation>
            <numerusform>%n invented</numerusform>
            <numerusform>%n invented</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>rank every class: {0} not ranked yet</source>
        <translation>
            <numerusform>rank every class: {0} not ranked yet</numerusform>
            <numerusform>rank every class: {0} not ranked yet</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ContentPage</name>
    <message numerus="yes">
        <source>%n room file(s)</source>
        <translation>
            <numerusform>%n room file</numerusform>
            <numerusform>%n room files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n NPC card file(s)</source>
        <translation>
            <numerusform>%n NPC card file</numerusform>
            <numerusform>%n NPC card files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in your box: what they concern is left out of the game.</source>
        <translation>
            <numerusform>%n problem in your box: what it concerns is left out of the game.</numerusform>
            <numerusform>%n problems in your box: what they concern is left out of the game.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DifficultyWindow</name>
    <message numerus="yes">
        <source>%n game(s) stopped on an engine error.</source>
        <translation>
            <numerusform>%n game stopped on an engine error.</numerusform>
            <numerusform>%n games stopped on an engine error.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExplanationView</name>
    <message numerus="yes">
        <source>{ap} AP, %n sq.</source>
        <translation>
            <numerusform>{ap} AP, %n sq.</numerusform>
            <numerusform>{ap} AP, %n sq.</numerusform>
        </translation>
    </message>
</context>
</TS>
